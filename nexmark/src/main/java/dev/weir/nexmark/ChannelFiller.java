package dev.weir.nexmark;

import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Fills a bid's {@code channel} and {@code url}, the two columns the Nexmark project's bids carry beyond Beam's model
 * (queries 16 and 18 to 22 read them). Weir's extension, documented in docs/nexmark.md: the draws come from a second
 * {@code Random} seeded with {@link #seed seed(eventId)}, so Beam's fields of every event are the same with or
 * without it. The seed goes through SplitMix64's finaliser ({@link #seed}) first: {@code Random}'s first draws
 * of consecutive seeds are correlated, and the hot share of consecutive bids would stray from one half.
 *
 * <p>One bid in {@value #HOT_CHANNELS_RATIO} comes through a random one of the four hot channels
 * ({@code Google}, {@code Facebook}, {@code Baidu}, {@code Apple}), each with one url; the others through
 * {@code channel-n}, {@code n} uniform below {@value #CHANNELS}. A channel's url is
 * {@code https://www.nexmark.com/a/b/c/item.htm?query=1} with three words {@code a}, {@code b}, {@code c} of five
 * lower-case letters drawn from a {@code Random} seeded with the channel's number ({@code -1} ... {@code -4} for the
 * hot ones), followed by {@code &channel_id=n} unless {@code n % 10 == 0}. The texts of every channel are made once,
 * so a bid copies bytes and allocates nothing.
 */
final class ChannelFiller {
    /** What a bid's event id is xor-ed with to seed the channel's draws: the letters of {@code nexmark}. */
    static final long SEED = 0x6E65786D61726BL;
    /** One bid in this many goes through a non-hot channel; the others through a hot one. */
    static final int HOT_CHANNELS_RATIO = 2;
    /** The non-hot channels: {@code channel-0} ... {@code channel-9999}. */
    static final int CHANNELS = 10_000;
    private static final String[] HOT_NAMES = {"Google", "Facebook", "Baidu", "Apple"};
    private static final int WORD_LENGTH = 5;
    private static final byte[][] HOT_CHANNELS = new byte[HOT_NAMES.length][];
    private static final byte[][] HOT_URLS = new byte[HOT_NAMES.length][];
    private static final byte[][] NAMES = new byte[CHANNELS][];
    private static final byte[][] URLS = new byte[CHANNELS][];

    static {
        for (int i = 0; i < HOT_NAMES.length; i++) {
            HOT_CHANNELS[i] = ascii(HOT_NAMES[i]);
            HOT_URLS[i] = ascii(url(-1 - i));
        }
        for (int n = 0; n < CHANNELS; n++) {
            NAMES[n] = ascii("channel-" + n);
            URLS[n] = ascii(n % 10 == 0 ? url(n) : url(n) + "&channel_id=" + n);
        }
    }

    private ChannelFiller() {
    }

    static void fill(final long eventId, final Random random, final Bid bid) {
        random.setSeed(seed(eventId));
        bid.channel.clear();
        bid.url.clear();
        if (random.nextInt(HOT_CHANNELS_RATIO) > 0) {
            final int hot = random.nextInt(HOT_NAMES.length);
            bid.channel.append(HOT_CHANNELS[hot]);
            bid.url.append(HOT_URLS[hot]);
        } else {
            final int n = random.nextInt(CHANNELS);
            bid.channel.append(NAMES[n]);
            bid.url.append(URLS[n]);
        }
    }

    /**
     * @param eventId a bid's event id
     * @return the seed of its channel's draws: SplitMix64's finaliser of {@code eventId ^ }{@value #SEED}
     */
    static long seed(final long eventId) {
        long z = eventId ^ SEED;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    /** @return the url of channel {@code number} without its channel id: three seeded five-letter words */
    static String url(final long number) {
        final Random words = new Random(number);
        final StringBuilder url = new StringBuilder("https://www.nexmark.com/");
        for (int word = 0; word < 3; word++) {
            for (int i = 0; i < WORD_LENGTH; i++) {
                url.append((char) ('a' + words.nextInt(26)));
            }
            url.append('/');
        }
        return url.append("item.htm?query=1").toString();
    }

    private static byte[] ascii(final String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
