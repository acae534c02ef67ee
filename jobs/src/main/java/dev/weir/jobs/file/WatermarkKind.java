package dev.weir.jobs.file;

/** The watermark strategies a job file can name. */
public enum WatermarkKind {
    /** {@code max - maxOutOfOrderness - 1}. */
    BOUNDED_OUT_OF_ORDERNESS("bounded-out-of-orderness"),
    /** {@code max - 1}. */
    MONOTONOUS("monotonous"),
    /** Only {@code W} rows of the element file. */
    EXPLICIT("explicit"),
    /** No watermark until end of input. */
    NONE("none");

    private final String id;

    WatermarkKind(final String id) {
        this.id = id;
    }

    /** @return the name used in job files */
    public String id() {
        return id;
    }

    /**
     * @param id a name from a job file
     * @return the kind, or null if none has that name
     */
    public static WatermarkKind byId(final String id) {
        for (final WatermarkKind kind : values()) {
            if (kind.id.equals(id)) {
                return kind;
            }
        }
        return null;
    }
}
