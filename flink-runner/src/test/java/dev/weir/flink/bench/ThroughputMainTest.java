package dev.weir.flink.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.flink.SharedMiniCluster;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The throughput comparison's smoke test, on a tiny input: the table has its shape and both
 * engines give the same results. It measures nothing: the numbers are only checked to be numbers.
 */
class ThroughputMainTest {
    @Test
    void theTableHasARowPerEngineAndTheResultsAreEqual() throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        final int exit = ThroughputMain.run(new String[] {"--records", "3000", "--keys", "3", "--warmup", "1", "--rounds", "1"},
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8),
                SharedMiniCluster.rest());
        assertEquals("", err.toString(StandardCharsets.UTF_8));
        assertEquals(0, exit);
        final List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(6, lines.size(), lines::toString);
        assertEquals("# 3000 records, 3 keys, 1 s tumbling count+sum; 1 warm-up and 1 measured rounds, best round", lines.get(0));
        assertEquals(List.of("engine", "parallelism", "records/s", "weir/flink"), List.of(lines.get(1).trim().split(" +")));
        assertTrue(lines.get(2).matches("weir +1 +[0-9]+ +-"), lines.get(2));
        assertTrue(lines.get(3).matches("flink +1 +[0-9]+ +[0-9]+\\.[0-9]{2}"), lines.get(3));
        assertTrue(lines.get(4).matches("flink +2 +[0-9]+ +[0-9]+\\.[0-9]{2}"), lines.get(4));
        // numbers 0..2999 in three one-second windows of three keys: nine results, every number once
        assertTrue(lines.get(5).matches("# results equal: results=9 records=3000 sum=4498500 checksum=[0-9a-f]+"), lines.get(5));
    }

    @Test
    void badOptionsAreOneMessageAndExitTwo() throws Exception {
        final String usage = "; usage: flink-runner/run-throughput [--records N] [--keys K] [--warmup W] [--rounds R]";
        assertBad("weir: --recrods: unknown option" + usage, "--recrods", "5");
        assertBad("weir: --rounds: a value must follow" + usage, "--rounds");
        assertBad("weir: --records: 'many' is not a positive count", "--records", "many");
        assertBad("weir: --keys: '0' is not a positive count", "--keys", "0");
        assertBad("weir: --keys: '4294967296' is not a positive count", "--keys", "4294967296");
        assertBad("weir: --warmup: '-1' is not a count of 0 or more", "--warmup", "-1");
    }

    private static void assertBad(final String message, final String... args) throws Exception {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertEquals(2, ThroughputMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), null));
        assertEquals(message + System.lineSeparator(), err.toString(StandardCharsets.UTF_8));
        assertEquals("", out.toString(StandardCharsets.UTF_8));
    }
}
