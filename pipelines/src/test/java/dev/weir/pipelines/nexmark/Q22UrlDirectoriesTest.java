package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class Q22UrlDirectoriesTest {
    @Test
    void everyBidWithItsUrlsDirectories() {
        check(QueryRun.CONFIG);
    }

    @Test
    void everyBidWithItsUrlsDirectoriesOverOneHundredSeconds() {
        check(QueryRun.SLOW);
    }

    @Test
    void thePiecesOfHandMadeUrls() {
        assertEquals("www.nexmark.com", Q22UrlDirectories.piece("https://www.nexmark.com/a/b", 2));
        assertEquals("", Q22UrlDirectories.piece("https://www.nexmark.com/a/b", 1));
        assertEquals("b", Q22UrlDirectories.piece("https://www.nexmark.com/a/b", 4));
        assertNull(Q22UrlDirectories.piece("https://www.nexmark.com/a/b", 5));
        assertEquals("", Q22UrlDirectories.piece("a/b/", 2));
        assertEquals("a", Q22UrlDirectories.piece("a", 0));
        assertNull(Q22UrlDirectories.piece("", 0));
    }

    private static void check(final GeneratorConfig config) {
        final List<String> expected = new ArrayList<>();
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                final String[] pieces = event.bid().url().toString().split("/", -1);
                expected.add(event.bid().auction() + "," + event.bid().bidder() + "," + event.bid().price() + "," + QueryRun.text(event.bid().channel())
                        + "," + pieces[3] + "," + pieces[4] + "," + pieces[5]);
            }
        });
        assertEquals(expected, QueryRun.rows(config, 1, Q22UrlDirectories::rows));
    }
}
