package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weir.nexmark.EventKind;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class Q2SelectionTest {
    @Test
    void theBidsOnEvery123rdAuction() {
        final List<String> expected = new ArrayList<>();
        QueryRun.forEachEvent(event -> {
            if (event.kind() == EventKind.BID && event.bid().auction() % 123 == 0) {
                expected.add(event.bid().auction() + "," + event.bid().price());
            }
        });
        final List<String> rows = QueryRun.rows(Q2Selection::rows);
        assertEquals(expected, rows);
        assertEquals(true, rows.size() > 100, "rows: " + rows.size());
    }
}
