package dev.weir.pipelines.nexmark;

import dev.weir.api.DataStream;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Nexmark query 21, add channel id: the bids with a channel id. The SQL's {@code CASE} gives the four hot channels
 * fixed ids by {@code lower(channel)} ({@code apple} 0, {@code google} 1, {@code facebook} 2, {@code baidu} 3) and
 * every other channel {@code REGEXP_EXTRACT(url, '(&|^)channel_id=([^&]*)', 2)}: group 2 of the pattern's first
 * match in the url, or null when it does not match; the bids whose channel id would be null are left out. CSV
 * columns {@code auction,bidder,price,channel,channel_id} (texts as {@link CsvText}).
 */
public final class Q21ChannelId {
    /** The CSV header. */
    public static final String HEADER = "auction,bidder,price,channel,channel_id";
    private static final Pattern CHANNEL_ID = Pattern.compile("(&|^)channel_id=([^&]*)");

    private Q21ChannelId() {
    }

    /**
     * @param events the Nexmark events
     * @return one CSV row per bid with a channel id
     */
    public static DataStream<String> rows(final DataStream<EventRecord> events) {
        return NexmarkStreams.bids(events).flatMap((bid, out) -> {
            final String id = channelId(bid.channel(), bid.url());
            if (id != null) {
                out.collect(bid.auction() + "," + bid.bidder() + "," + bid.price() + "," + CsvText.field(bid.channel()) + "," + CsvText.field(id));
            }
        });
    }

    /**
     * @param channel a bid's channel
     * @param url its url
     * @return the SQL's {@code channel_id}: a hot channel's fixed id, else the url's {@code channel_id} parameter; null
     *     when there is none
     */
    static String channelId(final String channel, final String url) {
        return switch (channel.toLowerCase(Locale.ROOT)) {
            case "apple" -> "0";
            case "google" -> "1";
            case "facebook" -> "2";
            case "baidu" -> "3";
            default -> {
                final Matcher match = CHANNEL_ID.matcher(url);
                yield match.find() ? match.group(2) : null;
            }
        };
    }
}
