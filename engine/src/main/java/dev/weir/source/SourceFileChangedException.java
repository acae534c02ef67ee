package dev.weir.source;

import java.nio.file.Path;

/**
 * A file a checkpoint had read up to some byte position changed before that position, so a
 * restored source cannot resume it: it is shorter than the position, or its bytes before the
 * position are not the ones the checkpoint read. Appending after the position is not a change.
 * The message is one line: {@code FILE: changed before the checkpointed position N: what differs}.
 */
public final class SourceFileChangedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String reason;

    /**
     * @param file the file
     * @param position the byte position the checkpoint recorded
     * @param what what differs (lengths, checksums)
     */
    public SourceFileChangedException(final Path file, final long position, final String what) {
        super(file + ": changed before the checkpointed position " + position + ": " + what);
        this.file = file;
        this.reason = "changed before the checkpointed position " + position + ": " + what;
    }

    /** @return the file that changed */
    public Path file() {
        return file;
    }

    /** @return the message without the file name */
    public String reason() {
        return reason;
    }
}
