package dev.weir.pipelines.job;

/** A parsed, validated job file (see docs/scenarios.md). */
public final class JobSpec {
    private final int channels;
    private final WatermarkSpec watermarks;
    private final WindowSpec window;
    private final int parallelism;

    /**
     * @param channels input channels (parallel source instances)
     * @param watermarks the watermark strategy of every channel
     * @param window the keyed window, or null to print what leaves the valve
     * @param parallelism instances of the keyed window operator
     */
    public JobSpec(final int channels, final WatermarkSpec watermarks, final WindowSpec window, final int parallelism) {
        this.channels = channels;
        this.watermarks = watermarks;
        this.window = window;
        this.parallelism = parallelism;
    }

    /** @return the number of input channels */
    public int channels() {
        return channels;
    }

    /** @return the watermark section */
    public WatermarkSpec watermarks() {
        return watermarks;
    }

    /** @return the window section, or null */
    public WindowSpec window() {
        return window;
    }

    /** @return the window operator's parallelism */
    public int parallelism() {
        return parallelism;
    }

    /**
     * Checks a record's event time before it enters the job: {@code Long.MIN_VALUE} is the
     * engine's "no timestamp", and the window may refuse a timestamp (see
     * {@link WindowSpec#checkTimestamp}).
     *
     * @param timestamp a record's event time
     * @throws IllegalArgumentException naming the value and the rule, if the job cannot take it
     */
    public void checkRecordTimestamp(final long timestamp) {
        if (timestamp == Long.MIN_VALUE) {
            throw new IllegalArgumentException(timestamp + " (Long.MIN_VALUE) means 'no timestamp'; a record needs an event time"
                    + " from " + (Long.MIN_VALUE + 1) + " on");
        }
        if (window != null) {
            window.checkTimestamp(timestamp);
        }
    }
}
