package dev.weir.jmh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.runner.options.CommandLineOptions;
import org.openjdk.jmh.runner.options.TimeValue;

/** {@link QuickRun}: {@code --quick} becomes JMH's short run lengths, and the caller's own run lengths win. */
class QuickRunTest {
    @Test
    void withoutQuickTheCommandLineGoesToJmhUnchanged() {
        for (final String[] args : new String[][] {{}, {"-prof", "gc", "ValveInput"}, {"-i", "1", "-l"}}) {
            assertSame(args, QuickRun.jmhArguments(args));
        }
    }

    @Test
    void quickAloneGivesEveryShortRunLength() {
        assertArrayEquals(new String[] {"-f", "1", "-wi", "1", "-w", "1s", "-i", "2", "-r", "1s"},
                QuickRun.jmhArguments(new String[] {"--quick"}));
    }

    @Test
    void quickKeepsTheOtherOptionsAndBenchmarksWhereverItStands() {
        final String[] expected = {"-f", "1", "-wi", "1", "-w", "1s", "-i", "2", "-r", "1s", "-prof", "gc", "ValveInput"};
        assertArrayEquals(expected, QuickRun.jmhArguments(new String[] {"--quick", "-prof", "gc", "ValveInput"}));
        assertArrayEquals(expected, QuickRun.jmhArguments(new String[] {"-prof", "gc", "--quick", "ValveInput"}));
        assertArrayEquals(expected, QuickRun.jmhArguments(new String[] {"-prof", "gc", "ValveInput", "--quick", "--quick"}));
    }

    @Test
    void theCallersRunLengthsWin() {
        assertArrayEquals(new String[] {"-f", "1", "-wi", "1", "-w", "1s", "-i", "1", "-r", "200ms", "ValveInput"},
                QuickRun.jmhArguments(new String[] {"--quick", "-i", "1", "-r", "200ms", "ValveInput"}));
        assertArrayEquals(new String[] {"-wi", "1", "-w", "1s", "-i", "2", "-r", "1s", "-f", "3"},
                QuickRun.jmhArguments(new String[] {"-f", "3", "--quick"}));
        assertArrayEquals(new String[] {"-wi", "0", "-w", "2s", "-i", "5", "-r", "3s", "-f", "2"},
                QuickRun.jmhArguments(new String[] {"--quick", "-wi", "0", "-w", "2s", "-i", "5", "-r", "3s", "-f", "2"}));
    }

    @Test
    void jmhReadsTheShortRunLengths() throws Exception {
        final CommandLineOptions options = new CommandLineOptions(QuickRun.jmhArguments(new String[] {"--quick", "-r", "200ms", "ValveInput"}));
        assertEquals(1, options.getForkCount().get());
        assertEquals(1, options.getWarmupIterations().get());
        assertEquals(TimeValue.seconds(1), options.getWarmupTime().get());
        assertEquals(2, options.getMeasurementIterations().get());
        assertEquals(TimeValue.milliseconds(200), options.getMeasurementTime().get());
        assertEquals(List.of("ValveInput"), options.getIncludes());
    }
}
