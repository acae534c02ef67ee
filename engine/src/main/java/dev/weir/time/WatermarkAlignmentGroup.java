package dev.weir.time;

import java.util.Arrays;

/**
 * The coordinator of one watermark alignment group (docs/semantics.md §5): it keeps the last
 * watermark each member instance reported and answers the group's minimum over them. As in
 * Flink, a member that has not reported yet (its watermark is still MIN) does not hold the
 * group back, an idle member reports MAX, and a member that ended leaves the group. With no
 * report the minimum is MAX: nothing constrains anyone. Thread-safe: members report from their
 * own source threads, once per update interval, never per record.
 */
public final class WatermarkAlignmentGroup {
    private final String name;
    private long[] watermarks = new long[0];
    private boolean[] reported = new boolean[0];
    private boolean[] joined = new boolean[0];

    /** @param name the group's name */
    public WatermarkAlignmentGroup(final String name) {
        this.name = name;
    }

    /** @return the group's name */
    public String name() {
        return name;
    }

    /** @return a new member's id, for {@link #report} and {@link #leave} */
    public synchronized int join() {
        for (int i = 0; i < joined.length; i++) {
            if (!joined[i]) {
                joined[i] = true;
                reported[i] = false;
                return i;
            }
        }
        final int member = joined.length;
        watermarks = Arrays.copyOf(watermarks, member + 1);
        reported = Arrays.copyOf(reported, member + 1);
        joined = Arrays.copyOf(joined, member + 1);
        joined[member] = true;
        return member;
    }

    /**
     * @param member a member's id from {@link #join()}
     * @param watermark its current watermark (MAX when idle)
     * @return the group's minimum over every member's last report, this one included
     */
    public synchronized long report(final int member, final long watermark) {
        requireMember(member);
        watermarks[member] = watermark;
        reported[member] = true;
        return minimum();
    }

    /** @return the group's minimum over the members' last reports; MAX when none reported */
    public synchronized long minimum() {
        long min = Long.MAX_VALUE;
        for (int i = 0; i < watermarks.length; i++) {
            if (joined[i] && reported[i]) {
                min = Math.min(min, watermarks[i]);
            }
        }
        return min;
    }

    /** @param member a member that ended: it no longer holds the group back; idempotent */
    public synchronized void leave(final int member) {
        requireMember(member);
        joined[member] = false;
        reported[member] = false;
    }

    /** @return the number of members that joined and have not left */
    public synchronized int members() {
        int count = 0;
        for (final boolean member : joined) {
            if (member) {
                count++;
            }
        }
        return count;
    }

    private void requireMember(final int member) {
        if (member < 0 || member >= joined.length) {
            throw new IllegalArgumentException("no member " + member + " in alignment group '" + name + "'");
        }
    }
}
