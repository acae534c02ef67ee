package dev.weir.pipelines.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weir.nexmark.EventKind;
import dev.weir.nexmark.GeneratorConfig;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class Q21ChannelIdTest {
    @Test
    void everyBidWithAChannelId() {
        check(QueryRun.CONFIG);
    }

    @Test
    void everyBidWithAChannelIdOverOneHundredSeconds() {
        check(QueryRun.SLOW);
    }

    @Test
    void theChannelIdOfHandMadeUrls() {
        assertEquals("0", Q21ChannelId.channelId("APPLE", "x?channel_id=9"));
        assertEquals("3", Q21ChannelId.channelId("Baidu", ""));
        assertEquals("17", Q21ChannelId.channelId("channel-17", "https://h/a/b/c/item.htm?query=1&channel_id=17"));
        assertEquals("5", Q21ChannelId.channelId("web", "channel_id=5&x=1"));
        assertEquals("", Q21ChannelId.channelId("web", "a=1&channel_id=&b=2"));
        assertEquals("8", Q21ChannelId.channelId("web", "xchannel_id=7&channel_id=8"));
        assertNull(Q21ChannelId.channelId("web", "https://h/a/b/c/item.htm?query=1"));
        assertNull(Q21ChannelId.channelId("web", "?xchannel_id=7"));
    }

    private static void check(final GeneratorConfig config) {
        final List<String> expected = new ArrayList<>();
        final int[] hot = new int[1];
        QueryRun.forEachEvent(config, event -> {
            if (event.kind() == EventKind.BID) {
                final String channel = event.bid().channel().toString();
                final String url = event.bid().url().toString();
                String id = switch (channel.toLowerCase()) {
                    case "apple" -> "0";
                    case "google" -> "1";
                    case "facebook" -> "2";
                    case "baidu" -> "3";
                    default -> null;
                };
                if (id != null) {
                    hot[0]++;
                } else {
                    for (final String parameter : url.substring(url.indexOf('?') + 1).split("&")) {
                        if (id == null && parameter.startsWith("channel_id=")) {
                            id = parameter.substring("channel_id=".length());
                        }
                    }
                }
                if (id != null) {
                    expected.add(event.bid().auction() + "," + event.bid().bidder() + "," + event.bid().price() + "," + QueryRun.text(channel) + "," + id);
                }
            }
        });
        assertEquals(expected, QueryRun.rows(config, 1, Q21ChannelId::rows));
        assertTrue(hot[0] > 1000 && expected.size() - hot[0] > 1000, "hot " + hot[0] + " of " + expected.size());
    }
}
