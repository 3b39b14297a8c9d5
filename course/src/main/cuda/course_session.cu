/*
 * CUDA C bodies of the Course facade's own kernels (PTX module trackgen-ptx/course_session.ptx).
 * Each entry point is the twin of the Java kernel of the same name in dev.trackgen.course; see
 * that class for semantics and shapes. Prototypes come from the generated header.
 */
#include "trackgen_course_kernels.h"

extern "C" __global__ void tg_course_respawn(int dim, const int* mask, const float2* gridPosition,
                                             const float2* gridHeading, int slots, int agents, float2* position,
                                             float* heading, int* agentMask) {
    int q = tg_thread_index();
    if (q >= dim) {
        return;
    }
    int e = q / agents;
    if (mask[e] == 0) {
        agentMask[q] = 0;
        return;
    }
    int g = e * slots + (q - e * agents);
    position[q] = gridPosition[g];
    heading[q] = (float) atan2((double) gridHeading[g].y, (double) gridHeading[g].x);
    agentMask[q] = 1;
}
