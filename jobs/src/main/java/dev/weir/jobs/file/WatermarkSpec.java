package dev.weir.jobs.file;

import dev.weir.time.WatermarkKind;

/** The {@code watermarks} section of a job file. */
public final class WatermarkSpec {
    private final WatermarkKind kind;
    private final long maxOutOfOrdernessMillis;
    private final long intervalMillis;
    private final long idlenessMillis;

    /**
     * @param kind the strategy
     * @param maxOutOfOrdernessMillis the bound (bounded-out-of-orderness only)
     * @param intervalMillis periodic emission period; 0 = after every record
     * @param idlenessMillis idle timeout; 0 = none
     */
    public WatermarkSpec(final WatermarkKind kind, final long maxOutOfOrdernessMillis, final long intervalMillis, final long idlenessMillis) {
        this.kind = kind;
        this.maxOutOfOrdernessMillis = maxOutOfOrdernessMillis;
        this.intervalMillis = intervalMillis;
        this.idlenessMillis = idlenessMillis;
    }

    /** @return the strategy */
    public WatermarkKind kind() {
        return kind;
    }

    /** @return the out-of-orderness bound in ms */
    public long maxOutOfOrdernessMillis() {
        return maxOutOfOrdernessMillis;
    }

    /** @return the periodic emission period in ms; 0 = after every record */
    public long intervalMillis() {
        return intervalMillis;
    }

    /** @return the idle timeout in ms; 0 = none */
    public long idlenessMillis() {
        return idlenessMillis;
    }
}
