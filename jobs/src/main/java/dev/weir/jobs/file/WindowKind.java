package dev.weir.jobs.file;

/** The window types a job file can name. */
public enum WindowKind {
    /** Fixed, non-overlapping windows. */
    TUMBLING("tumbling"),
    /** Fixed, overlapping windows. */
    SLIDING("sliding"),
    /** Gap-based sessions. */
    SESSION("session"),
    /** One window per key. */
    GLOBAL("global");

    private final String id;

    WindowKind(final String id) {
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
    public static WindowKind byId(final String id) {
        for (final WindowKind kind : values()) {
            if (kind.id.equals(id)) {
                return kind;
            }
        }
        return null;
    }
}
