package dev.weir.valve;

/**
 * Explains the classic "windows never fire" case (SEMANTICS.md §2): a channel that never
 * received a watermark holds the valve's output at MIN while other channels move on.
 */
public final class ValveDiagnosis {
    private ValveDiagnosis() {
    }

    /**
     * @param valve a valve
     * @return a one-line explanation if an active channel at MIN holds back channels that
     *     advanced, or null when nothing is stalled that way
     */
    public static String stalledChannel(final WatermarkValve valve) {
        final int holder = valve.minimumChannel();
        if (holder < 0 || valve.channelWatermark(holder) != Long.MIN_VALUE) {
            return null;
        }
        long highest = Long.MIN_VALUE;
        for (int channel = 0; channel < valve.channels(); channel++) {
            highest = Math.max(highest, valve.channelWatermark(channel));
        }
        if (highest == Long.MIN_VALUE) {
            return null;
        }
        return "channel " + holder + " has never sent a watermark and holds the operator's watermark at MIN while other"
                + " channels reached " + highest + ": event-time windows cannot fire. Give the channel data, end it,"
                + " or enable idleness so that it is marked IDLE.";
    }
}
