package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.Bid;
import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

final class Q14CalculationTest {
    /** The same 100,000 events one a second: 27.8 hours from the epoch, every hour of the day. */
    private static final GeneratorConfig HOURS = GeneratorConfig.defaults().withFirstEventRate(1);

    @Test
    void theBidsBetweenOneAndFiftyMillionEurosWithTheirTimeOfDayAndTheirCs() {
        check(QueryRun.CONFIG);
        check(QueryRun.SLOW);
    }

    @Test
    void everyTimeOfDayOverTwentyEightHours() {
        final Set<String> types = new HashSet<>();
        for (final String row : check(HOURS)) {
            types.add(row.split(",")[3]);
        }
        assertEquals(Set.of("dayTime", "nightTime", "otherTime"), types);
    }

    @Test
    void theCaseOnTheHour() {
        final List<String> types = new ArrayList<>();
        for (int hour = 0; hour < 24; hour++) {
            types.add(Q14Calculation.bidTimeType(hour));
        }
        assertEquals(List.of("nightTime", "nightTime", "nightTime", "nightTime", "nightTime", "nightTime", "nightTime", "otherTime",
                "dayTime", "dayTime", "dayTime", "dayTime", "dayTime", "dayTime", "dayTime", "dayTime", "dayTime", "dayTime", "dayTime",
                "otherTime", "nightTime", "nightTime", "nightTime", "nightTime"), types);
        assertEquals(3, Q14Calculation.countChar("abcccb", 'c'));
        assertEquals(0, Q14Calculation.countChar("", 'c'));
    }

    private static List<String> check(final GeneratorConfig config) {
        final BigDecimal rate = new BigDecimal("0.908");
        final BigDecimal low = BigDecimal.valueOf(1_000_000);
        final BigDecimal high = BigDecimal.valueOf(50_000_000);
        final List<String> expected = new ArrayList<>();
        final int[] bids = {0};
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                bids[0]++;
                final Bid bid = event.bid();
                final BigDecimal euros = rate.multiply(BigDecimal.valueOf(bid.price()));
                if (euros.compareTo(low) > 0 && euros.compareTo(high) < 0) {
                    final int hour = Instant.ofEpochMilli(bid.dateTime()).atZone(ZoneOffset.UTC).getHour();
                    final String type = hour >= 8 && hour <= 18 ? "dayTime" : hour <= 6 || hour >= 20 ? "nightTime" : "otherTime";
                    final long cs = bid.extra().toString().chars().filter(c -> c == 'c').count();
                    expected.add(bid.auction() + "," + bid.bidder() + "," + euros.toPlainString() + "," + type + ","
                            + QueryRun.timestamp(bid.dateTime()) + "," + QueryRun.text(bid.extra()) + "," + cs);
                }
            }
        });
        final List<String> rows = QueryRun.rows(config, 1, Q14Calculation::rows);
        assertEquals(expected, rows);
        assertTrue(rows.size() > 0 && rows.size() < bids[0], rows.size() + " of " + bids[0]);
        return rows;
    }
}
