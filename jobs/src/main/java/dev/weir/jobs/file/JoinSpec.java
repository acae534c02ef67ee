package dev.weir.jobs.file;

/**
 * The {@code join} section of a two-input job file: an interval join with its bounds, or a window join with
 * its window. Bounds are {@code right.ts - left.ts} as given, before an exclusive bound is made inclusive.
 */
public final class JoinSpec {
    private final JoinKind kind;
    private final long lowerBoundMillis;
    private final long upperBoundMillis;
    private final boolean lowerBoundExclusive;
    private final boolean upperBoundExclusive;
    private final boolean sideOutputLateData;
    private final WindowSpec window;

    private JoinSpec(final JoinKind kind, final long lowerBoundMillis, final long upperBoundMillis, final boolean lowerBoundExclusive,
            final boolean upperBoundExclusive, final boolean sideOutputLateData, final WindowSpec window) {
        this.kind = kind;
        this.lowerBoundMillis = lowerBoundMillis;
        this.upperBoundMillis = upperBoundMillis;
        this.lowerBoundExclusive = lowerBoundExclusive;
        this.upperBoundExclusive = upperBoundExclusive;
        this.sideOutputLateData = sideOutputLateData;
        this.window = window;
    }

    /**
     * @param lowerBoundMillis the lowest {@code right.ts - left.ts} that joins
     * @param upperBoundMillis the highest; not below {@code lowerBoundMillis}
     * @param lowerBoundExclusive whether the lower bound itself is left out
     * @param upperBoundExclusive whether the upper bound itself is left out
     * @param sideOutputLateData whether late records of either input go to the late side output
     * @return an interval join
     * @throws IllegalArgumentException if {@code lowerBoundMillis > upperBoundMillis}
     */
    public static JoinSpec interval(final long lowerBoundMillis, final long upperBoundMillis, final boolean lowerBoundExclusive,
            final boolean upperBoundExclusive, final boolean sideOutputLateData) {
        if (lowerBoundMillis > upperBoundMillis) {
            throw new IllegalArgumentException(boundsRule(lowerBoundMillis, upperBoundMillis));
        }
        return new JoinSpec(JoinKind.INTERVAL, lowerBoundMillis, upperBoundMillis, lowerBoundExclusive, upperBoundExclusive,
                sideOutputLateData, null);
    }

    /**
     * @param window the window both inputs' records are put in; without a late side output
     * @return a window join
     * @throws IllegalArgumentException if the window asks for a late side output (a window join has none, as in Flink)
     */
    public static JoinSpec window(final WindowSpec window) {
        if (window.sideOutputLateData()) {
            throw new IllegalArgumentException("a window join has no late side output: late records are dropped and counted");
        }
        return new JoinSpec(JoinKind.WINDOW, 0, 0, false, false, false, window);
    }

    /** The message of the bounds rule, as Flink words it. */
    static String boundsRule(final long lowerBoundMillis, final long upperBoundMillis) {
        return "lowerBound <= upperBound must be fulfilled, but lowerBound is " + lowerBoundMillis + " and upperBound is "
                + upperBoundMillis;
    }

    /** @return the join type */
    public JoinKind kind() {
        return kind;
    }

    /** @return the lowest {@code right.ts - left.ts} that joins, as given (interval join) */
    public long lowerBoundMillis() {
        return lowerBoundMillis;
    }

    /** @return the highest {@code right.ts - left.ts} that joins, as given (interval join) */
    public long upperBoundMillis() {
        return upperBoundMillis;
    }

    /** @return true if the lower bound itself is left out (interval join) */
    public boolean lowerBoundExclusive() {
        return lowerBoundExclusive;
    }

    /** @return true if the upper bound itself is left out (interval join) */
    public boolean upperBoundExclusive() {
        return upperBoundExclusive;
    }

    /** @return true if late records of either input go to the late side output (interval join) */
    public boolean sideOutputLateData() {
        return sideOutputLateData;
    }

    /** @return the window (window join), or null */
    public WindowSpec window() {
        return window;
    }
}
