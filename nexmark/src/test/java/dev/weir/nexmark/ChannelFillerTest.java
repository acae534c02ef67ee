package dev.weir.nexmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The bids' {@code channel} and {@code url}, Weir's extension of Beam's model: drawn apart from Beam's fields, the
 * same url for every bid of a channel, and the channel id in the url as docs/nexmark.md states.
 */
class ChannelFillerTest {
    private static final long BIDS = 50_000;

    @Test
    void theFirstBidComesThroughTheChannelItsOwnSeedDraws() {
        final NexmarkGenerator generator = new NexmarkGenerator(GeneratorConfig.defaults().withEvents(5));
        final Event event = new Event();
        for (int i = 0; i < 5; i++) {
            generator.next(event);
        }
        assertEquals(EventKind.BID, event.kind());
        assertEquals(4L, event.id());
        // worked from the documented rule alone: Random(splitmix64(4 ^ "nexmark")), nextInt(2), then nextInt(4) or nextInt(10,000)
        long z = 4L ^ 0x6E65786D61726BL;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        final Random draws = new Random(z ^ (z >>> 31));
        final String expected;
        if (draws.nextInt(2) > 0) {
            expected = new String[] {"Google", "Facebook", "Baidu", "Apple"}[draws.nextInt(4)];
        } else {
            expected = "channel-" + draws.nextInt(10_000);
        }
        assertEquals(expected, event.bid().channel().toString());
        assertTrue(event.bid().url().toString().matches("https://www\\.nexmark\\.com/[a-z]{5}/[a-z]{5}/[a-z]{5}/item\\.htm\\?query=1.*"),
                event.bid().url().toString());
    }

    @Test
    void everyChannelHasOneUrlAndHalfTheBidsComeThroughAHotChannel() {
        final NexmarkGenerator generator = new NexmarkGenerator(GeneratorConfig.defaults().withEvents(BIDS * 50 / 46));
        final Event event = new Event();
        final Map<String, String> urls = new HashMap<>();
        long bids = 0;
        long hot = 0;
        while (generator.next(event)) {
            if (event.kind() != EventKind.BID) {
                continue;
            }
            bids++;
            final String channel = event.bid().channel().toString();
            final String url = event.bid().url().toString();
            final String before = urls.putIfAbsent(channel, url);
            assertTrue(before == null || before.equals(url), channel + " has two urls: " + before + " and " + url);
            if (channel.startsWith("channel-")) {
                final int n = Integer.parseInt(channel.substring("channel-".length()));
                assertTrue(n >= 0 && n < 10_000, channel);
                assertEquals(n % 10 != 0, url.endsWith("&channel_id=" + n), url);
            } else {
                hot++;
                assertTrue(!url.contains("channel_id"), url);
            }
        }
        assertTrue(bids > 40_000, "bids " + bids);
        // a binomial(bids, 1/2) is within 5 standard deviations of its mean
        assertTrue(Math.abs(hot - bids / 2.0) < 5 * Math.sqrt(bids / 4.0), hot + " of " + bids + " through hot channels");
        assertEquals(4, urls.keySet().stream().filter(channel -> !channel.startsWith("channel-")).count());
    }

    @Test
    void aChannelsUrlIsItsSeededWords() {
        final Random words = new Random(7L);
        final StringBuilder expected = new StringBuilder("https://www.nexmark.com/");
        for (int word = 0; word < 3; word++) {
            for (int i = 0; i < 5; i++) {
                expected.append((char) ('a' + words.nextInt(26)));
            }
            expected.append('/');
        }
        assertEquals(expected + "item.htm?query=1", ChannelFiller.url(7L));
    }
}
