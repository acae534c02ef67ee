package dev.weir.jobs.file;

/** The joins a two-input job file can name in {@code join.type}. */
public enum JoinKind {
    /** Flink's interval join: pairs of one key whose timestamps lie within bounds of each other. */
    INTERVAL("interval"),
    /** Flink's window join: both inputs' records of one key and window, paired when the window fires. */
    WINDOW("window");

    private final String id;

    JoinKind(final String id) {
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
    public static JoinKind byId(final String id) {
        for (final JoinKind kind : values()) {
            if (kind.id.equals(id)) {
                return kind;
            }
        }
        return null;
    }
}
