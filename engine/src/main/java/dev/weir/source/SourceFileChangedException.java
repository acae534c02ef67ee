package dev.weir.source;

import java.nio.file.Path;

/**
 * A file a checkpoint had read up to some byte position changed before that position, so a
 * restored source cannot resume it: it is shorter than the position, or its bytes before the
 * position are not the ones the checkpoint read; or it is shorter than it was at the checkpoint
 * (a record file may only grow). Appending after the position is not a change. The message is
 * one line: {@code FILE: changed before the checkpointed position N: what differs}, or
 * {@code FILE: shrank since the checkpoint: ...}.
 */
public final class SourceFileChangedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The file as text: a {@code Path} is not serializable, and the exception crosses process boundaries (a Flink job's failure). */
    private final String file;
    private final String reason;

    /**
     * @param file the file
     * @param position the byte position the checkpoint recorded
     * @param what what differs (lengths, checksums)
     */
    public SourceFileChangedException(final Path file, final long position, final String what) {
        this(file, "changed before the checkpointed position " + position + ": " + what);
    }

    /**
     * @param file the file
     * @param reason what changed, without the file name
     */
    public SourceFileChangedException(final Path file, final String reason) {
        super(file + ": " + reason);
        this.file = file.toString();
        this.reason = reason;
    }

    /** @return the file that changed */
    public Path file() {
        return Path.of(file);
    }

    /** @return the message without the file name */
    public String reason() {
        return reason;
    }
}
