package dev.weir.jobs.file;

/**
 * A parsed, validated job file (see docs/scenarios.md): a one-input job (channels, watermarks, an optional
 * window) or a two-input job (inputs {@code left} and {@code right}, each with its channels and watermarks,
 * and an optional join).
 */
public final class JobSpec {
    private final int channels;
    private final WatermarkSpec watermarks;
    private final WindowSpec window;
    private final int parallelism;
    private final InputSpec left;
    private final InputSpec right;
    private final JoinSpec join;
    private final int inputsLine;

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
        this.left = null;
        this.right = null;
        this.join = null;
        this.inputsLine = 0;
    }

    private JobSpec(final InputSpec left, final InputSpec right, final JoinSpec join, final int parallelism, final int inputsLine) {
        this.channels = 0;
        this.watermarks = null;
        this.window = null;
        this.parallelism = parallelism;
        this.left = left;
        this.right = right;
        this.join = join;
        this.inputsLine = inputsLine;
    }

    /**
     * @param left the left input
     * @param right the right input
     * @param join the join, or null to print what leaves the two-input operator
     * @param parallelism instances of the keyed join operator
     * @return a two-input job
     */
    public static JobSpec twoInputs(final InputSpec left, final InputSpec right, final JoinSpec join, final int parallelism) {
        return twoInputs(left, right, join, parallelism, 0);
    }

    /**
     * @param left the left input
     * @param right the right input
     * @param join the join, or null to print what leaves the two-input operator
     * @param parallelism instances of the keyed join operator
     * @param inputsLine the line of the job file's {@code inputs} section, for messages; 0 if unknown
     * @return a two-input job
     */
    public static JobSpec twoInputs(final InputSpec left, final InputSpec right, final JoinSpec join, final int parallelism,
            final int inputsLine) {
        return new JobSpec(left, right, join, parallelism, inputsLine);
    }

    /** @return the line of the job file's {@code inputs} section (two-input jobs), 0 if unknown or none */
    public int inputsLine() {
        return inputsLine;
    }

    /** @return true for a job with an {@code inputs} section (inputs left and right) */
    public boolean isTwoInput() {
        return left != null;
    }

    /**
     * @return the number of input channels
     * @throws IllegalStateException for a two-input job, whose inputs have a channel count each
     */
    public int channels() {
        oneInput("channels");
        return channels;
    }

    /**
     * @return the watermark section
     * @throws IllegalStateException for a two-input job, whose inputs have a watermark section each
     */
    public WatermarkSpec watermarks() {
        oneInput("watermarks");
        return watermarks;
    }

    private void oneInput(final String what) {
        if (isTwoInput()) {
            throw new IllegalStateException("a two-input job has no top-level " + what + ": each of inputs.left and inputs.right has its own");
        }
    }

    /** @return the window section of a one-input job, or null (also for every two-input job: see {@link JoinSpec#window()}) */
    public WindowSpec window() {
        return window;
    }

    /** @return the left input of a two-input job, or null for a one-input job */
    public InputSpec left() {
        return left;
    }

    /** @return the right input of a two-input job, or null for a one-input job */
    public InputSpec right() {
        return right;
    }

    /** @return the join of a two-input job, or null (a one-input job, or a two-input job without a join) */
    public JoinSpec join() {
        return join;
    }

    /** @return the window a record of this job goes into: the window section or the window join's window; null if none */
    public WindowSpec effectiveWindow() {
        if (window != null) {
            return window;
        }
        return join != null ? join.window() : null;
    }

    /** @return the parallelism of the keyed operator: the window operator, or the two-input job's operator */
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
        final WindowSpec into = effectiveWindow();
        if (into != null) {
            into.checkTimestamp(timestamp);
        }
    }
}
