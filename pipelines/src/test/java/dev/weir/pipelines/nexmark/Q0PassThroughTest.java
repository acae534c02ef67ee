package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.Bid;
import dev.weir.nexmark.EventKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class Q0PassThroughTest {
    @Test
    void everyBidPassesThroughInOrder() {
        final List<String> expected = new ArrayList<>();
        QueryRun.forEachEvent(event -> {
            if (event.kind() == EventKind.BID) {
                final Bid bid = event.bid();
                expected.add(bid.auction() + "," + bid.bidder() + "," + bid.price() + "," + QueryRun.timestamp(bid.dateTime()) + ","
                        + QueryRun.text(bid.extra()));
            }
        });
        final List<String> rows = QueryRun.rows(Q0PassThrough::rows);
        assertEquals(92_000, expected.size());
        assertEquals(expected, rows);
        assertTrue(rows.get(0).startsWith("1000,1001,32530001,1970-01-01 00:00:00.000,"), rows.get(0));
    }
}
