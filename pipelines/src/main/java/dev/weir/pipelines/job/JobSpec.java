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
}
