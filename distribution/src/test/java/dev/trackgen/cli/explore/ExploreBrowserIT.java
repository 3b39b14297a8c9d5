package dev.trackgen.cli.explore;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code trackgen explore} end to end: the packaged product on the module path serves the page,
 * and Debian's headless Chromium (installed by the README's test command, {@code scripts/verify.sh}) drives it through chromedriver. Moves a
 * knob, waits for the new grid, checks the statistics changed, reproduces the batch with the copied
 * config through {@code trackgen generate}, shows a bad value's message and recovers, checks the
 * page's details (labels over the roads, edgy's slider, E as typed, the rad note), opens the page
 * without its token, and runs two browsers at once. The URL (and its token) is the one the product prints. Saves a screenshot ({@code -Dtrackgen.explore.screenshot=FILE}, else under target/).
 */
class ExploreBrowserIT {
    private static final Path DIST = Path.of(System.getProperty("trackgen.dist.dir", "target/trackgen"));
    private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration WAIT = Duration.ofSeconds(90);

    private static Process product;
    private static URI url;
    private static String token;
    private static Path profiles;

    @TempDir
    Path dir;

    @BeforeAll
    static void startProduct() throws Exception {
        assertTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "this test needs Debian's chromium and chromium-driver: apt-get install -y chromium chromium-driver "
                        + "(scripts/verify.sh installs them)");
        profiles = Files.createTempDirectory("trackgen-explore-chromium");
        product = new ProcessBuilder(JAVA, "-p", DIST.resolve("lib").toString(), "--add-modules", "ALL-MODULE-PATH",
                "-m", "dev.trackgen.cli/dev.trackgen.cli.Main", "explore", "--port", "0", "--runtime", "cpu",
                "--threads", "2", "--envs", "24", "--seed", "0")
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(product.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        assertTrue(line != null, "the explorer printed nothing");
        Matcher m = Pattern.compile("(http://127\\.0\\.0\\.1:\\d+/\\?token=([A-Za-z0-9_-]+))").matcher(line);
        assertTrue(m.find(), "no URL in: " + line);
        url = URI.create(m.group(1));
        token = m.group(2);
    }

    @AfterAll
    static void stopProduct() throws Exception {
        if (product != null) {
            product.destroy();
            product.waitFor(20, TimeUnit.SECONDS);
        }
    }

    private static ChromeDriver browser(String name) throws IOException {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1400,1000",
                "--user-data-dir=" + Files.createTempDirectory(profiles, name));
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    private static Object js(WebDriver d, String script, Object... args) {
        return ((JavascriptExecutor) d).executeScript(script, args);
    }

    private static long renders(WebDriver d) {
        Object r = js(d, "return window.explorer ? window.explorer.renders : 0;");
        return ((Number) r).longValue();
    }

    private static JsonNode batch(WebDriver d) throws IOException {
        return JSON.readTree((String) js(d, "return JSON.stringify(window.explorer.batch);"));
    }

    /** Waits until the page has drawn more batches than {@code before} and no request is pending. */
    private static JsonNode awaitBatch(WebDriver d, long before) throws IOException {
        new WebDriverWait(d, WAIT).until(x -> renders(x) > before
                && !x.findElement(By.id("grid")).getAttribute("class").contains("stale")
                && !x.findElement(By.id("status")).getAttribute("class").contains("busy"));
        return batch(d);
    }

    private static void type(WebDriver d, String id, String text) {
        WebElement e = d.findElement(By.id(id));
        e.sendKeys(Keys.chord(Keys.CONTROL, "a"), text, Keys.TAB);
    }

    @Test
    void movingKnobsRedrawsAndTheCopiedConfigReproducesTheBatch() throws Exception {
        ChromeDriver d = browser("one");
        try {
            d.get(url.toString());
            JsonNode first = awaitBatch(d, 0);
            assertEquals(24, first.path("envs").asInt());
            assertEquals(24, d.findElements(By.cssSelector("#grid .tile")).size());
            String yieldBefore = d.findElement(By.id("m-length")).getText();

            // move the scale slider of the bezier generator ten steps to the right
            long n = renders(d);
            WebElement slider = d.findElement(By.id("knob-scale-range"));
            for (int i = 0; i < 10; i++) {
                slider.sendKeys(Keys.ARROW_RIGHT);
            }
            JsonNode moved = awaitBatch(d, n);
            assertEquals("1.2", d.findElement(By.id("knob-scale")).getAttribute("value"));
            assertNotEquals(first.path("digest").asText(), moved.path("digest").asText());
            double ratio = moved.path("metrics").path("meanLength").asDouble()
                    / first.path("metrics").path("meanLength").asDouble();
            assertTrue(ratio > 1.1 && ratio < 1.3, "scale 1.0 -> 1.2 should lengthen tracks about 1.2x, got " + ratio);
            assertNotEquals(yieldBefore, d.findElement(By.id("m-length")).getText(), "the metrics row was redrawn");

            // hover a track: env id, validity, length, compactness
            new Actions(d).moveToElement(d.findElement(By.cssSelector("#grid .tile[data-env='3']"))).perform();
            String tip = d.findElement(By.id("tooltip")).getText();
            assertTrue(tip.contains("env 3") && tip.contains("length") && tip.contains("compactness"), tip);

            // copy as config, then run it through trackgen generate
            d.findElement(By.id("copy-config")).click();
            String yaml = d.findElement(By.id("export-yaml")).getAttribute("value");
            String command = d.findElement(By.id("export-file-command")).getText();
            assertTrue(yaml.contains("scale: 1.2"), yaml);
            Matcher seed = Pattern.compile("--seed (-?\\d+)").matcher(command);
            assertTrue(seed.find(), command);
            Path config = dir.resolve("explore.yaml");
            Files.writeString(config, yaml);
            Path npz = dir.resolve("tracks.npz");
            Process gen = new ProcessBuilder(JAVA, "-p", DIST.resolve("lib").toString(), "--add-modules",
                    "ALL-MODULE-PATH", "-m", "dev.trackgen.cli/dev.trackgen.cli.Main", "generate", "--config",
                    config.toString(), "--seed", seed.group(1), "--out", npz.toString(), "-q")
                    .redirectErrorStream(true).redirectOutput(dir.resolve("generate.log").toFile()).start();
            assertTrue(gen.waitFor(120, TimeUnit.SECONDS));
            assertEquals(0, gen.exitValue(), Files.readString(dir.resolve("generate.log")));
            assertEquals(moved.path("digest").asText(), ExploreApiTest.digestOf(npz),
                    "trackgen generate with the copied config must give the batch on the page");

            // a bad value: its message beside the control, and the page keeps working
            long before = renders(d);
            type(d, "knob-half_width", "-1");
            new WebDriverWait(d, WAIT).until(x -> !x.findElement(By.id("err-half_width")).getText().isEmpty());
            assertEquals("--set half_width=-1: half_width = -1.0 is outside the allowed range (0, +inf)",
                    d.findElement(By.id("err-half_width")).getText());
            assertEquals(before, renders(d), "no batch for a bad value");
            type(d, "knob-half_width", "0.12");
            JsonNode recovered = awaitBatch(d, before);
            assertEquals(0.12, recovered.path("halfWidth").asDouble());
            assertEquals("", d.findElement(By.id("err-half_width")).getText());

            // next seed range
            before = renders(d);
            d.findElement(By.id("next-seeds")).click();
            JsonNode next = awaitBatch(d, before);
            assertEquals(24, next.path("seed").asInt());

            // the switch of generator swaps the generator's knobs
            before = renders(d);
            new org.openqa.selenium.support.ui.Select(d.findElement(By.id("generator"))).selectByValue("voronoi");
            JsonNode voronoi = awaitBatch(d, before);
            assertEquals("voronoi", voronoi.path("generator").asText());
            assertTrue(d.findElements(By.id("knob-voronoi_num_sites")).size() == 1);
            assertTrue(d.findElements(By.id("knob-rad")).isEmpty(), "bezier's knobs are gone");

            new org.openqa.selenium.support.ui.Select(d.findElement(By.id("generator"))).selectByValue("bezier");
            awaitBatch(d, renders(d));
            new Actions(d).moveToElement(d.findElement(By.cssSelector("#grid .tile[data-env='5']"))).perform();
            Path shot = Path.of(System.getProperty("trackgen.explore.screenshot",
                    Path.of("target", "explore-screenshot.png").toString()));
            Files.createDirectories(shot.toAbsolutePath().getParent());
            Files.write(shot, d.getScreenshotAs(OutputType.BYTES));
        } finally {
            d.quit();
        }
    }

    @Test
    void twoBrowsersMovingKnobsAtOnceEachSeeTheirOwnBatch() throws Exception {
        ChromeDriver a = browser("a");
        ChromeDriver b = browser("b");
        try {
            a.get(url.toString());
            b.get(url.toString());
            awaitBatch(a, 0);
            awaitBatch(b, 0);
            for (int round = 0; round < 3; round++) {
                long ra = renders(a);
                long rb = renders(b);
                type(a, "knob-rad", String.valueOf(0.2 + 0.1 * round));
                type(b, "seed", String.valueOf(1000 + round));
                type(a, "seed", String.valueOf(2000 + round));
                type(b, "knob-rad", String.valueOf(0.9 - 0.1 * round));
                JsonNode ba = awaitBatch(a, ra);
                JsonNode bb = awaitBatch(b, rb);
                assertEquals(2000 + round, ba.path("seed").asInt());
                assertEquals(1000 + round, bb.path("seed").asInt());
                assertEquals(ba.path("digest").asText(), directDigest("bezier", 2000 + round,
                        Map.of("rad", String.valueOf(0.2 + 0.1 * round))));
                assertEquals(bb.path("digest").asText(), directDigest("bezier", 1000 + round,
                        Map.of("rad", String.valueOf(0.9 - 0.1 * round))));
            }
        } finally {
            a.quit();
            b.quit();
        }
    }

    @Test
    void thePageDetailsLabelsOnTopEdgySliderEnvsAsTypedAndTheRadNote() throws Exception {
        ChromeDriver d = browser("details");
        try {
            d.get(url.toString());
            awaitBatch(d, 0);
            // the env label is the topmost thing where it is drawn, not the road
            Object top = js(d, "var t = document.querySelector('#grid .tile[data-env=\"0\"]');"
                    + "var l = Array.prototype.filter.call(t.querySelectorAll('*'), function (e) {"
                    + "  return e.textContent === '#0' && e.children.length === 0; })[0];"
                    + "var r = l.getBoundingClientRect();"
                    + "var hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);"
                    + "return hit === l || l.contains(hit);");
            assertEquals(Boolean.TRUE, top, "the env label must be drawn on top of the road");

            // edgy's default 0 sits inside its slider, not at the far end
            Number at = (Number) js(d, "var s = document.getElementById('knob-edgy-range');"
                    + "return (parseFloat(s.value) - parseFloat(s.min)) / (parseFloat(s.max) - parseFloat(s.min));");
            assertTrue(at.doubleValue() > 0.2 && at.doubleValue() < 0.8, "edgy 0 at slider fraction " + at);
            assertEquals(0.0, Double.parseDouble((String) js(d, "return document.getElementById('knob-edgy-range').value;")));

            // the envs box applies as typed, without leaving it
            long before = renders(d);
            WebElement envs = d.findElement(By.id("envs"));
            envs.sendKeys(Keys.chord(Keys.CONTROL, "a"), "12");
            JsonNode twelve = awaitBatch(d, before);
            assertEquals(12, twelve.path("envs").asInt());
            before = renders(d);
            envs.sendKeys(Keys.chord(Keys.CONTROL, "a"), "10", Keys.ENTER);
            assertEquals(10, awaitBatch(d, before).path("envs").asInt());

            // rad over handle_clamp_frac: a note says what it acts as; under it, no note
            before = renders(d);
            type(d, "knob-rad", "0.9");
            awaitBatch(d, before);
            String note = d.findElement(By.id("note-rad")).getText();
            assertTrue(note.contains("acts as rad = 0.4"), note);
            type(d, "knob-rad", "0.3");
            new WebDriverWait(d, WAIT).until(x -> x.findElement(By.id("note-rad")).getText().isEmpty());
        } finally {
            d.quit();
        }
    }

    @Test
    void aPageOpenedWithoutItsTokenSaysSoAndGetsNoBatch() throws Exception {
        ChromeDriver d = browser("tokenless");
        try {
            d.get(url.resolve("/").toString());
            new WebDriverWait(d, WAIT).until(x -> !x.findElement(By.id("err-page")).getText().isEmpty());
            assertTrue(d.findElement(By.id("err-page")).getText().contains("token"),
                    d.findElement(By.id("err-page")).getText());
            assertEquals(0L, renders(d));
        } finally {
            d.quit();
        }
    }

    /** The digest of the same batch asked for directly, outside any browser. */
    private static String directDigest(String generator, int seed, Map<String, String> knobs) throws Exception {
        var body = JSON.createObjectNode().put("client", "direct").put("seq", 1).put("generator", generator)
                .put("envs", 24).put("seed", seed);
        var k = body.putObject("knobs");
        knobs.forEach(k::put);
        Http r = Http.post(url.resolve("api/batch"), token, JSON.writeValueAsString(body));
        assertEquals(200, r.status(), r.text());
        return JSON.readTree(r.text()).path("digest").asText();
    }
}
