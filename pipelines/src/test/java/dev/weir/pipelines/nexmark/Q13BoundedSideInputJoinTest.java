package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.Bid;
import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class Q13BoundedSideInputJoinTest {
    @TempDir
    Path directory;

    @Test
    void everyBidJoinsTheStandardSideInputsRowOfItsAuctionModuloTenThousand() {
        check(QueryRun.CONFIG);
        check(QueryRun.SLOW);
    }

    @Test
    void aSparseSideInputLeavesOutTheBidsWithoutARowAndJoinsEachRowOfAKey() throws IOException {
        // keys every 7th auction id from 1000, a value with a comma and a quote; every 49th key on two lines; keys
        // beyond 10,000 never join
        final List<String> lines = new ArrayList<>();
        for (long key = 1_000; key < 12_000; key += 7) {
            lines.add(key + ",name \"" + key + "\", x");
            if (key % 49 == 0) {
                lines.add(key + ",again");
            }
        }
        final Path file = directory.resolve("side.txt");
        Files.write(file, lines, StandardCharsets.UTF_8);
        final List<String> expected = new ArrayList<>();
        final int[] missed = {0};
        QueryRun.forEachEvent(event -> {
            if (event.kind() == EventKind.BID) {
                final Bid bid = event.bid();
                final long key = bid.auction() % 10_000;
                final String columns = bid.auction() + "," + bid.bidder() + "," + bid.price() + "," + QueryRun.timestamp(bid.dateTime()) + ",";
                if (key >= 1_000 && (key - 1_000) % 7 == 0) {
                    expected.add(columns + "\"name \"\"" + key + "\"\", x\"");
                    if (key % 49 == 0) {
                        expected.add(columns + "again");
                    }
                } else {
                    missed[0]++;
                }
            }
        });
        assertEquals(expected, QueryRun.rows(events -> Q13BoundedSideInputJoin.rows(events, file)));
        assertTrue(missed[0] > 0 && expected.size() > 0, "both sides of the join: " + missed[0] + " missed, " + expected.size() + " rows");
    }

    @Test
    void aBadLineIsRefusedNamingTheFileAndTheLine() throws IOException {
        final Path noComma = directory.resolve("no-comma.txt");
        Files.write(noComma, List.of("1,one", "2 two"), StandardCharsets.UTF_8);
        assertEquals(noComma + ":2: expected key,value but the line has no comma: '2 two'",
                assertThrows(IllegalArgumentException.class, () -> SideInput.load(noComma)).getMessage());
        final Path badKey = directory.resolve("bad-key.txt");
        Files.write(badKey, List.of("1,one", "2,two", "x3,three"), StandardCharsets.UTF_8);
        assertEquals(badKey + ":3: the key 'x3' is not a whole number (BIGINT)",
                assertThrows(IllegalArgumentException.class, () -> SideInput.load(badKey)).getMessage());
    }

    @Test
    void theStandardSideInputIsTheNexmarkProjectsTenThousandRows() {
        final SideInput standard = SideInput.standard();
        assertEquals(10_000, standard.size());
        assertEquals(List.of("0"), standard.values(0));
        assertEquals(List.of("9999"), standard.values(9_999));
        assertEquals(List.of(), standard.values(10_000));
    }

    private static void check(final GeneratorConfig config) {
        final List<String> expected = new ArrayList<>();
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                final Bid bid = event.bid();
                expected.add(bid.auction() + "," + bid.bidder() + "," + bid.price() + "," + QueryRun.timestamp(bid.dateTime()) + ","
                        + bid.auction() % 10_000);
            }
        });
        assertEquals(expected, QueryRun.rows(config, 1, Q13BoundedSideInputJoin::rows));
    }
}
