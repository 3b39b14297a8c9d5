package dev.trackgen.cli;

import dev.trackgen.cli.config.Settings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Running out of memory ends a command with one line whose advice names only options that
 * command has: {@code import} has no {@code --envs}, so its advice is the heap alone.
 */
class OutOfMemoryAdviceTest {
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "import x.csv|give Java more heap, e.g. JAVA_OPTS=-Xmx16g",
        "generate --envs 9|lower --envs or give Java more heap, e.g. JAVA_OPTS=-Xmx16g",
        "check --tracks 5|lower --max-envs or give Java more heap, e.g. JAVA_OPTS=-Xmx16g",
        "knobs|give Java more heap, e.g. JAVA_OPTS=-Xmx16g"})
    void theAdviceNamesOnlyOptionsOfTheCommandThatRan(String command, String advice) {
        StringWriter err = new StringWriter();
        CliContext context = new CliContext(new Console(new PrintWriter(new StringWriter()), new PrintWriter(err)),
                Settings.of(Map.of(), Map.of()));
        CommandLine cl = Main.commandLine(context);
        cl.parseArgs(command.split(" "));
        int code = new ErrorHandler(context).handleError(new OutOfMemoryError("Java heap space"), cl);
        assertEquals(ErrorHandler.FAILURE, code);
        assertEquals("trackgen: error: out of memory (Java heap space); " + advice, err.toString().strip());
    }
}
