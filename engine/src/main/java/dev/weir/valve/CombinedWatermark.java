package dev.weir.valve;

import dev.weir.event.WatermarkStatus;

/**
 * Combines the valve outputs of a two-input operator's inputs 1 and 2 (docs/semantics.md §7, the
 * rule of Flink's {@code IndexedCombinedWatermarkStatus}). Both inputs start ACTIVE at MIN. Each
 * input keeps the highest watermark it sent; the combined watermark is the minimum over the
 * inputs that are not IDLE, and it only rises. The operator is IDLE only while both inputs are.
 * Unlike a valve's channels, the inputs have no alignment and no flush: an input turning ACTIVE
 * rejoins the minimum at once with its old watermark, and both inputs turning IDLE raise
 * nothing. A watermark on an IDLE input makes it ACTIVE, as in Flink (a valve never sends one).
 *
 * <p>Each update returns what changed, as bits: {@link #WATERMARK_ADVANCED} (read the new value
 * from {@link #combinedWatermark()}) and {@link #STATUS_CHANGED} (read it from {@link #isIdle()}),
 * or {@link #UNCHANGED}. Primitive fields, no allocation. Not thread-safe: owned by the task that
 * reads both inputs.
 */
public final class CombinedWatermark {
    /** Nothing the operator must hear of changed. */
    public static final int UNCHANGED = 0;
    /** The combined watermark rose. */
    public static final int WATERMARK_ADVANCED = 1;
    /** The combined idleness changed: the operator turned IDLE or ACTIVE. */
    public static final int STATUS_CHANGED = 2;

    private long watermark1 = Long.MIN_VALUE;
    private long watermark2 = Long.MIN_VALUE;
    private boolean idle1;
    private boolean idle2;
    private boolean received1;
    private boolean received2;
    private long combinedWatermark = Long.MIN_VALUE;
    private boolean idle;

    /**
     * Takes the watermark an input's valve emitted; a lower or equal one leaves the input's
     * watermark as it was. The input becomes ACTIVE if it was IDLE.
     *
     * @param input 1 or 2
     * @param watermark the input's watermark
     * @return {@link #WATERMARK_ADVANCED} and/or {@link #STATUS_CHANGED}, or {@link #UNCHANGED}
     */
    public int inputWatermark(final int input, final long watermark) {
        if (checkInput(input) == 1) {
            received1 = true;
            idle1 = false;
            watermark1 = Math.max(watermark1, watermark);
        } else {
            received2 = true;
            idle2 = false;
            watermark2 = Math.max(watermark2, watermark);
        }
        return combine();
    }

    /**
     * Takes a status change of an input's valve; a repeated status changes nothing.
     *
     * @param input 1 or 2
     * @param status the input's status
     * @return {@link #WATERMARK_ADVANCED} and/or {@link #STATUS_CHANGED}, or {@link #UNCHANGED}
     */
    public int inputStatus(final int input, final WatermarkStatus status) {
        if (checkInput(input) == 1) {
            idle1 = status.isIdle();
        } else {
            idle2 = status.isIdle();
        }
        return combine();
    }

    private int combine() {
        final boolean wasIdle = idle;
        idle = idle1 && idle2;
        int changed = wasIdle == idle ? UNCHANGED : STATUS_CHANGED;
        if (!idle) {
            final long minimum = idle1 ? watermark2 : idle2 ? watermark1 : Math.min(watermark1, watermark2);
            if (minimum > combinedWatermark) {
                combinedWatermark = minimum;
                changed |= WATERMARK_ADVANCED;
            }
        }
        return changed;
    }

    private static int checkInput(final int input) {
        if (input != 1 && input != 2) {
            throw new IllegalArgumentException("a two-input operator has inputs 1 and 2, not " + input);
        }
        return input;
    }

    /**
     * @param changes what an update returned
     * @return true if the combined watermark rose
     */
    public static boolean watermarkAdvanced(final int changes) {
        return (changes & WATERMARK_ADVANCED) != 0;
    }

    /**
     * @param changes what an update returned
     * @return true if the combined idleness changed
     */
    public static boolean statusChanged(final int changes) {
        return (changes & STATUS_CHANGED) != 0;
    }

    /** @return the combined watermark: the highest minimum over the non-idle inputs so far, MIN at first */
    public long combinedWatermark() {
        return combinedWatermark;
    }

    /** @return true while both inputs are IDLE */
    public boolean isIdle() {
        return idle;
    }

    /**
     * @param input 1 or 2
     * @return the highest watermark the input sent, MIN before its first
     */
    public long watermark(final int input) {
        return checkInput(input) == 1 ? watermark1 : watermark2;
    }

    /**
     * @param input 1 or 2
     * @return true while the input is IDLE
     */
    public boolean isInputIdle(final int input) {
        return checkInput(input) == 1 ? idle1 : idle2;
    }

    /**
     * @param input 1 or 2
     * @return true once the input has sent any watermark
     */
    public boolean hasWatermark(final int input) {
        return checkInput(input) == 1 ? received1 : received2;
    }

    /**
     * Diagnoses the two-input form of "windows never fire": which input holds the combined
     * watermark back.
     *
     * @return the non-idle input with the lower watermark (input 1 on a tie), or 0 when both are IDLE
     */
    public int minimumInput() {
        if (idle1 && idle2) {
            return 0;
        }
        if (idle1) {
            return 2;
        }
        if (idle2) {
            return 1;
        }
        return watermark2 < watermark1 ? 2 : 1;
    }
}
