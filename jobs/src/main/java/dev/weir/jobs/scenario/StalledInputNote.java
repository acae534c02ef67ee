package dev.weir.jobs.scenario;

import dev.weir.event.Watermarks;
import dev.weir.metrics.ChannelMetrics;
import dev.weir.metrics.InputMetrics;
import dev.weir.metrics.TaskMetrics;

/**
 * The note {@code weir scenario} prints when an input of a two-input job holds its operator's watermark at MIN
 * (docs/semantics.md §7, the classic trap of a second input), naming the input ({@code left}, {@code right}) and
 * its channel as the job and element files do, from the operator's metrics.
 */
final class StalledInputNote {
    private StalledInputNote() {
    }

    /**
     * The two-input rule (no join, interval join): an input still at MIN while the other moved on.
     *
     * @param task an instance of the two-input stage
     * @param operator what the operator is, for the note ("interval join")
     * @return the note, or null when nothing is stalled that way
     */
    static String twoInput(final TaskMetrics task, final String operator) {
        for (final InputMetrics input : task.twoInputs()) {
            if (!input.holdsMinimum()) {
                continue;
            }
            final InputMetrics other = task.twoInputs().get(2 - input.input());
            if (input.watermark() != Long.MIN_VALUE || other.watermark() == Long.MIN_VALUE) {
                return null;
            }
            final String name = ScenarioInput.values()[input.input() - 1].id();
            final String otherName = ScenarioInput.values()[other.input() - 1].id();
            final String channel = input.minimumChannel() < 0 ? "" : " (its channel " + input.minimumChannel() + " is at MIN)";
            return "the " + name + " input " + (input.hasWatermark() ? "is still at MIN" : "has never sent a watermark") + channel
                    + " and holds the " + operator + "'s watermark at MIN while the " + otherName + " input reached "
                    + Watermarks.format(other.watermark()) + ": event-time timers and windows cannot fire. Give the " + name
                    + " input watermarks, end it (its end sends MAX), or enable idleness on it so that it is marked IDLE.";
        }
        return null;
    }

    /**
     * The union rule (window join): one valve over the left channels, then the right ones; a channel that never sent
     * a watermark while others moved on.
     *
     * @param task an instance of the window join's keyed stage
     * @param leftChannels how many channels the left input has (the first slots of the valve)
     * @return the note, or null when nothing is stalled that way
     */
    static String unionChannel(final TaskMetrics task, final int leftChannels) {
        ChannelMetrics holder = null;
        long highest = Long.MIN_VALUE;
        for (final ChannelMetrics channel : task.inputs()) {
            highest = Math.max(highest, channel.watermark());
            if (channel.holdsMinimum()) {
                holder = channel;
            }
        }
        if (holder == null || holder.watermark() != Long.MIN_VALUE || highest == Long.MIN_VALUE) {
            return null;
        }
        final boolean left = holder.index() < leftChannels;
        final String name = (left ? ScenarioInput.LEFT : ScenarioInput.RIGHT).id();
        final int channel = left ? holder.index() : holder.index() - leftChannels;
        return "channel " + channel + " of the " + name + " input has never sent a watermark and holds the window join's watermark"
                + " at MIN while other channels reached " + Watermarks.format(highest) + ": event-time windows cannot fire. Give the"
                + " channel data, end it, or enable idleness on the " + name + " input so that it is marked IDLE.";
    }
}
