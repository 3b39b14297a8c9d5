/* Loads an MJCF model with MuJoCo (Debian libmujoco-dev) and prints its first hfield: MujocoLoaderTest. */
#include <stdio.h>
#include <mujoco/mujoco.h>
int main(int argc, char** argv) {
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof(err));
  if (!m) { printf("ERROR %s\n", err); return 2; }
  printf("nhfield %d\n", m->nhfield);
  printf("nrow %d ncol %d\n", m->hfield_nrow[0], m->hfield_ncol[0]);
  printf("size %.9g %.9g %.9g %.9g\n", m->hfield_size[0], m->hfield_size[1], m->hfield_size[2], m->hfield_size[3]);
  printf("pos %.9g %.9g %.9g\n", m->geom_pos[0], m->geom_pos[1], m->geom_pos[2]);
  int n = m->hfield_nrow[0] * m->hfield_ncol[0];
  for (int i = 0; i < n; i++) printf("%.9g\n", m->hfield_data[i]);
  mj_deleteModel(m);
  return 0;
}
