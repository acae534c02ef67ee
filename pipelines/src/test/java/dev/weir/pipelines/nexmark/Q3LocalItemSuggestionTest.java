package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.EventKind;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

final class Q3LocalItemSuggestionTest {
    @Test
    void everyCategoryTenAuctionOfASellerInOregonIdahoOrCalifornia() {
        final Map<Long, String> people = new HashMap<>();
        final List<long[]> auctions = new ArrayList<>();
        QueryRun.forEachEvent(event -> {
            if (event.kind() == EventKind.PERSON) {
                people.put(event.person().id(), QueryRun.text(event.person().name()) + "," + QueryRun.text(event.person().city()) + ","
                        + event.person().state());
            } else if (event.kind() == EventKind.AUCTION && event.auction().category() == 10) {
                auctions.add(new long[] {event.auction().seller(), event.auction().id()});
            }
        });
        final List<String> expected = new ArrayList<>();
        for (final long[] auction : auctions) {
            final String seller = people.get(auction[0]);
            if (seller != null && (seller.endsWith(",OR") || seller.endsWith(",ID") || seller.endsWith(",CA"))) {
                expected.add(seller + "," + auction[1]);
            }
        }
        final List<String> rows = new ArrayList<>(QueryRun.rows(Q3LocalItemSuggestion::rows));
        // the SQL's result is a set of rows: the join prints them as its inputs meet, compared here sorted
        expected.sort(null);
        rows.sort(null);
        assertEquals(expected, rows);
        assertTrue(rows.size() > 100, "rows: " + rows.size());
    }
}
