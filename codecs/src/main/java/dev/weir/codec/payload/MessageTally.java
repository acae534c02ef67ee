package dev.weir.codec.payload;

import java.util.ArrayList;
import java.util.List;

/**
 * The messages found in the payloads: well-formed ones by type, and what was skipped by why (ITCH messages of an
 * unknown type or of the wrong length, MoldUDP64 payloads whose messages do not fit; StatsD lines by reason). Every
 * kind is listed, also with a count of 0, always in the same order for one payload format. Immutable.
 */
public final class MessageTally {
    private static final MessageTally NONE = new MessageTally(List.of(), List.of());

    private final List<MessageCount> byType;
    private final List<MessageCount> faults;

    /**
     * @param byType well-formed messages by type, every type listed
     * @param faults what was skipped by why, every reason listed
     */
    public MessageTally(final List<MessageCount> byType, final List<MessageCount> faults) {
        this.byType = List.copyOf(byType);
        this.faults = List.copyOf(faults);
    }

    /** @return the tally of a payload format that is not decoded: no kinds at all */
    public static MessageTally none() {
        return NONE;
    }

    /** @return well-formed messages by type */
    public List<MessageCount> byType() {
        return byType;
    }

    /** @return what was skipped, by why */
    public List<MessageCount> faults() {
        return faults;
    }

    /** @return the well-formed messages */
    public long total() {
        return sum(byType);
    }

    /** @return everything skipped */
    public long faultTotal() {
        return sum(faults);
    }

    private static long sum(final List<MessageCount> counts) {
        long sum = 0;
        for (final MessageCount count : counts) {
            sum += count.count();
        }
        return sum;
    }

    /**
     * @param earlier a tally taken from the same counters before this one
     * @return what was counted in between
     */
    public MessageTally since(final MessageTally earlier) {
        if (earlier.byType.isEmpty() && earlier.faults.isEmpty()) {
            return this;
        }
        return new MessageTally(minus(byType, earlier.byType), minus(faults, earlier.faults));
    }

    private static List<MessageCount> minus(final List<MessageCount> later, final List<MessageCount> earlier) {
        final List<MessageCount> difference = new ArrayList<>(later.size());
        for (int i = 0; i < later.size(); i++) {
            final MessageCount count = later.get(i);
            difference.add(new MessageCount(count.code(), count.name(), count.count() - earlier.get(i).count()));
        }
        return difference;
    }
}
