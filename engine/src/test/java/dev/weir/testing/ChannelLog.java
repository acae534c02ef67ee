package dev.weir.testing;

import com.lmax.disruptor.EventPoller;
import dev.weir.event.StreamEvent;
import dev.weir.runtime.channel.Channel;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a channel's events into strings for exact assertions: {@code "R <value>@<ts>"}, a keyed
 * record {@code "K <value>@<ts> key=<key> group=<group>"}, {@code "WM <n>"}, {@code "STATUS <s>"},
 * {@code "BARRIER <id>"}, {@code "END"}.
 */
public final class ChannelLog implements EventPoller.Handler<StreamEvent> {
    private final List<String> events = new ArrayList<>();
    private int limit;

    @Override
    public boolean onEvent(final StreamEvent event, final long sequence, final boolean endOfBatch) {
        switch (event.kind()) {
            case RECORD:
                events.add(event.key() == null ? "R " + event.value() + "@" + event.timestamp()
                        : "K " + event.value() + "@" + event.timestamp() + " key=" + event.key() + " group=" + event.keyGroup());
                event.release();
                break;
            case WATERMARK:
                events.add("WM " + event.timestamp());
                break;
            case STATUS:
                events.add("STATUS " + event.watermarkStatus());
                break;
            case BARRIER:
                events.add("BARRIER " + event.timestamp());
                break;
            default:
                events.add("END");
                break;
        }
        return events.size() < limit;
    }

    /**
     * @param channel the channel to read
     * @param atMost the most events to take; the rest stay in the ring
     * @return the events read, in order
     */
    public List<String> poll(final Channel channel, final int atMost) throws Exception {
        events.clear();
        limit = atMost;
        channel.poll(this);
        return List.copyOf(events);
    }

    /**
     * @param channel the channel to read
     * @return every event published and not yet read, in order
     */
    public List<String> poll(final Channel channel) throws Exception {
        return poll(channel, Integer.MAX_VALUE);
    }
}
