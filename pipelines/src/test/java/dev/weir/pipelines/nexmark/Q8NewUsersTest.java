package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

final class Q8NewUsersTest {
    @Test
    void thePeopleWhoOpenedAnAuctionInTheWindowTheyRegisteredIn() {
        check(QueryRun.CONFIG);
    }

    @Test
    void thePeopleWhoOpenedAnAuctionInTheWindowTheyRegisteredInOverOneHundredSeconds() {
        check(QueryRun.SLOW);
    }

    private static void check(final GeneratorConfig config) {
        final List<String[]> people = new ArrayList<>(); // id, name, window start
        final Set<String> sellers = new HashSet<>(); // "seller@window start"
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.PERSON) {
                final long start = event.person().dateTime() / 10_000L * 10_000L;
                people.add(new String[] {Long.toString(event.person().id()), event.person().name().toString(), Long.toString(start)});
            } else if (event.kind() == EventKind.AUCTION) {
                sellers.add(event.auction().seller() + "@" + event.auction().dateTime() / 10_000L * 10_000L);
            }
        });
        final List<String> expected = new ArrayList<>();
        for (final String[] person : people) {
            if (sellers.contains(person[0] + "@" + person[2])) {
                expected.add(person[0] + "," + QueryRun.text(person[1]) + "," + QueryRun.timestamp(Long.parseLong(person[2])));
            }
        }
        final List<String> rows = new ArrayList<>(QueryRun.rows(config, 1, Q8NewUsers::rows));
        // the window join prints a window's keys in its own order: compared sorted, the SQL's result being a set of rows
        expected.sort(null);
        rows.sort(null);
        assertEquals(expected, rows);
        assertTrue(rows.size() > 10, "rows: " + rows.size());
    }
}
