package dev.weir.tools;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Paths;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code weir replay --pipeline tca}: the header, a row per trade of the fixture (its as-of top of book), the
 * first rows against a book without bids, and two runs printing the same bytes.
 */
class TcaCommandTest {
    private static String capture() {
        final String root = System.getProperty("weir.repo.root");
        if (root == null || root.isBlank()) {
            fail("system property weir.repo.root is not set: run the tests through Maven");
        }
        return Paths.get(root).toAbsolutePath().normalize().resolve("pipelines/src/test/resources/replay/itch-small.pcap").toString();
    }

    @Test
    void eachTradeIsARowWithItsTopOfBook() {
        final CommandRun run = CommandRun.of("replay", "--pipeline", "tca", capture());
        assertEquals(0, run.exitCode(), run::describe);
        final List<String> lines = run.outLines();
        assertEquals("symbol,ts,price,shares,bid,ask,mid,spread_bps,side_vs_mid", lines.get(0), run::describe);
        assertEquals("MSFT,34200004756332,420.0600,200,,420.0600,,,", lines.get(1), run::describe);
        assertEquals("AAPL,34200034351353,189.9700,200,,190.0100,,,", lines.get(2), run::describe);
        assertEquals("GOOGL,34200064319712,170.0200,200,169.9500,170.0200,169.98500,4.12,B", lines.get(5), run::describe);
        final CommandRun again = CommandRun.of("replay", "--pipeline", "tca", capture());
        assertEquals(run.outLines(), again.outLines(), "two replays print the same rows");
    }
}
