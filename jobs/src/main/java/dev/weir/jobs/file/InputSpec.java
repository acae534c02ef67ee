package dev.weir.jobs.file;

/** One input of a two-input job file ({@code inputs.left} or {@code inputs.right}): its channels and their watermarks. */
public final class InputSpec {
    private final int channels;
    private final WatermarkSpec watermarks;

    /**
     * @param channels the input's channels (parallel source instances)
     * @param watermarks the watermark strategy of each of its channels
     */
    public InputSpec(final int channels, final WatermarkSpec watermarks) {
        this.channels = channels;
        this.watermarks = watermarks;
    }

    /** @return the number of channels */
    public int channels() {
        return channels;
    }

    /** @return the watermark section */
    public WatermarkSpec watermarks() {
        return watermarks;
    }
}
