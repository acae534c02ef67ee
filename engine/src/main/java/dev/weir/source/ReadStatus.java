package dev.weir.source;

/** What one {@link SourceReader#read} call found. */
public enum ReadStatus {
    /** Records were emitted and more may be available at once. */
    MORE,
    /** Nothing is available now; the task may idle. */
    NOTHING_AVAILABLE,
    /** The input has ended. */
    END
}
