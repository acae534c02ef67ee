package dev.weir.pipelines.replay;

/**
 * How fast a replay goes. {@link #virtual()} (the default) follows the capture on a virtual clock: a packet is
 * read when the clock reaches its capture time, and the deterministic scheduler moves the clock straight to the
 * next packet, so the replay runs as fast as it can and processing time is the capture time. {@link #realtime()}
 * and {@link #times(double)} replay on the system clock with the capture's gaps between packets, scaled.
 * Immutable.
 */
public final class ReplayPace {
    private static final ReplayPace VIRTUAL = new ReplayPace(0);
    /** The fastest pace {@code --pace} takes. */
    private static final double MAX_SPEED = 1_000_000;
    /**
     * The slowest pace {@code --pace} takes: a thousand times slower than the capture. Slower factors would turn a
     * second of capture into days of waiting, and a factor near zero into gaps beyond any clock (replayed flat out).
     */
    private static final double MIN_SPEED = 0.001;

    /** 0 for the virtual clock; else how many times faster than the capture. */
    private final double speed;

    private ReplayPace(final double speed) {
        this.speed = speed;
    }

    /** @return the pace of a virtual clock that follows the capture's timestamps */
    public static ReplayPace virtual() {
        return VIRTUAL;
    }

    /** @return the capture's own pace on the system clock */
    public static ReplayPace realtime() {
        return new ReplayPace(1);
    }

    /**
     * @param speed how many times faster than the capture, e.g. 10 (at least 0.001, at most 1,000,000)
     * @return the pace on the system clock
     */
    public static ReplayPace times(final double speed) {
        if (!(speed >= MIN_SPEED && speed <= MAX_SPEED)) {
            throw new IllegalArgumentException("a pace must be at least x0.001 and at most x1000000, got x" + speed);
        }
        return new ReplayPace(speed);
    }

    /**
     * Reads {@code --pace}: {@code realtime}, or {@code xN} with N a decimal from 0.001 to 1000000 ({@code x10},
     * {@code x0.5}).
     *
     * @param text the option's value
     * @return the pace
     * @throws IllegalArgumentException naming the forms accepted
     */
    public static ReplayPace parse(final String text) {
        if ("realtime".equals(text)) {
            return realtime();
        }
        if (text.length() > 1 && text.charAt(0) == 'x') {
            final double speed;
            try {
                speed = Double.parseDouble(text.substring(1));
            } catch (final NumberFormatException e) {
                throw new IllegalArgumentException(badPace(text));
            }
            if (speed >= MIN_SPEED && speed <= MAX_SPEED) {
                return times(speed);
            }
        }
        throw new IllegalArgumentException(badPace(text));
    }

    private static String badPace(final String text) {
        return "--pace must be 'realtime' or 'xN' with N from 0.001 to 1000000 (x10, x0.5), got '" + text + "'";
    }

    /** @return true for the virtual clock that follows the capture */
    public boolean isVirtual() {
        return speed == 0;
    }

    /** @return how many times faster than the capture; 0 for the virtual clock */
    public double speed() {
        return speed;
    }

    /**
     * When a packet may be read, on the clock the replay runs on.
     *
     * @param captureNanos the packet's capture time
     * @param firstCaptureNanos the first packet's capture time
     * @param startMillis the clock's time when the first packet was read
     * @return the packet's capture time in ms on the virtual clock; else the system-clock time at which the
     *         capture's gap since the first packet, scaled, has passed
     */
    public long availableAtMillis(final long captureNanos, final long firstCaptureNanos, final long startMillis) {
        if (speed == 0) {
            return Math.floorDiv(captureNanos, 1_000_000L);
        }
        return startMillis + (long) ((captureNanos - firstCaptureNanos) / (speed * 1_000_000d));
    }

    @Override
    public String toString() {
        if (speed == 0) {
            return "virtual";
        }
        return speed == 1 ? "realtime" : "x" + (speed == Math.rint(speed) ? Long.toString((long) speed) : Double.toString(speed));
    }
}
