package dev.weir.checkpoint;

import java.io.IOException;
import java.io.Writer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The last file of a complete checkpoint, {@code chk-<id>/MANIFEST}: the checkpoint id and time,
 * the number of key groups, and every source and operator with its parallelism and files. A
 * checkpoint directory without one is incomplete and ignored. A UTF-8 text file, one item a line:
 * <pre>
 * weir-checkpoint-manifest 1
 * checkpoint 7
 * time 1712345678901
 * maxParallelism 128
 * source trades-0 2
 * file trades-0-0.pos 118
 * file trades-0-1.pos 118
 * operator keyed-1.window 2
 * file keyed-1.window-0.state 5012
 * file keyed-1.window-1.state 4873
 * end
 * </pre>
 * Immutable.
 */
public final class Manifest {
    /** The manifest's file name inside a checkpoint directory. */
    public static final String FILE_NAME = "MANIFEST";
    private static final String FORMAT = "weir-checkpoint-manifest 1";

    private final long checkpointId;
    private final long timeMillis;
    private final int maxParallelism;
    private final List<CheckpointFile> files;

    /**
     * @param checkpointId the checkpoint
     * @param timeMillis when it completed, processing time
     * @param maxParallelism the job's number of key groups
     * @param files every file, grouped by owner, each owner's in instance order
     */
    public Manifest(final long checkpointId, final long timeMillis, final int maxParallelism, final List<CheckpointFile> files) {
        this.checkpointId = checkpointId;
        this.timeMillis = timeMillis;
        this.maxParallelism = maxParallelism;
        this.files = List.copyOf(files);
    }

    /** @return the checkpoint id */
    public long checkpointId() {
        return checkpointId;
    }

    /** @return when the checkpoint completed, in the pipeline's processing time */
    public long timeMillis() {
        return timeMillis;
    }

    /** @return the number of key groups of the job that wrote it */
    public int maxParallelism() {
        return maxParallelism;
    }

    /** @return every file */
    public List<CheckpointFile> files() {
        return files;
    }

    /**
     * @param kind source positions or operator state
     * @param owner a source or operator name
     * @return that owner's files, in instance order (empty if the checkpoint has none)
     */
    public List<CheckpointFile> files(final CheckpointFile.Kind kind, final String owner) {
        final List<CheckpointFile> owned = new ArrayList<>();
        for (final CheckpointFile file : files) {
            if (file.kind() == kind && file.owner().equals(owner)) {
                owned.add(file);
            }
        }
        return owned;
    }

    /**
     * @param kind source positions or operator state
     * @return the owners of that kind of file, in manifest order
     */
    public Set<String> owners(final CheckpointFile.Kind kind) {
        final Set<String> owners = new LinkedHashSet<>();
        for (final CheckpointFile file : files) {
            if (file.kind() == kind) {
                owners.add(file.owner());
            }
        }
        return owners;
    }

    /**
     * Writes the manifest into a checkpoint's directory atomically: a temporary file, forced to
     * disk, renamed to {@link #FILE_NAME}, then the directory forced, so that a crash leaves
     * either no manifest or a complete one.
     *
     * @param checkpointDir the checkpoint's directory, holding every listed file already
     * @throws IOException if writing fails
     */
    public void writeTo(final Path checkpointDir) throws IOException {
        final Path temporary = checkpointDir.resolve(FILE_NAME + ".tmp");
        try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            out.write(FORMAT + "\ncheckpoint " + checkpointId + "\ntime " + timeMillis + "\nmaxParallelism " + maxParallelism + "\n");
            CheckpointFile group = null;
            for (final CheckpointFile file : files) {
                if (group == null || group.kind() != file.kind() || !group.owner().equals(file.owner())) {
                    group = file;
                    out.write((file.kind() == CheckpointFile.Kind.SOURCE_POSITIONS ? "source " : "operator ") + requireName(file.owner())
                            + " " + file.parallelism() + "\n");
                }
                out.write("file " + requireName(file.fileName()) + " " + file.lengthBytes() + "\n");
            }
            out.write("end\n");
        }
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        Files.move(temporary, checkpointDir.resolve(FILE_NAME), StandardCopyOption.ATOMIC_MOVE);
        CheckpointDirectory.forceDirectory(checkpointDir);
    }

    private static String requireName(final String name) {
        if (name.isEmpty() || name.chars().anyMatch(Character::isWhitespace)) {
            throw new IllegalArgumentException("checkpoint names have no whitespace: '" + name + "'");
        }
        return name;
    }

    /**
     * @param manifestFile a {@code MANIFEST}
     * @return what it says
     * @throws CheckpointException if it is missing, unreadable or not a complete manifest
     */
    public static Manifest read(final Path manifestFile) {
        final List<String> lines;
        try {
            lines = Files.readAllLines(manifestFile, StandardCharsets.UTF_8);
        } catch (NoSuchFileException missing) {
            throw new CheckpointException("checkpoint manifest " + manifestFile + " is missing", missing);
        } catch (IOException unreadable) {
            throw new CheckpointException("checkpoint manifest " + manifestFile + " cannot be read: " + unreadable, unreadable);
        }
        if (lines.size() < 5 || !FORMAT.equals(lines.get(0)) || !"end".equals(lines.get(lines.size() - 1))) {
            throw new CheckpointException("checkpoint manifest " + manifestFile + " is not a complete Weir checkpoint manifest");
        }
        final long id = number(manifestFile, lines, 1, "checkpoint");
        final long time = number(manifestFile, lines, 2, "time");
        final int keyGroups = (int) number(manifestFile, lines, 3, "maxParallelism");
        final List<CheckpointFile> files = new ArrayList<>();
        CheckpointFile.Kind kind = null;
        String owner = null;
        int parallelism = 0;
        int instance = 0;
        for (int i = 4; i < lines.size() - 1; i++) {
            final String[] words = lines.get(i).split(" ");
            if (words.length == 3 && ("source".equals(words[0]) || "operator".equals(words[0]))) {
                kind = "source".equals(words[0]) ? CheckpointFile.Kind.SOURCE_POSITIONS : CheckpointFile.Kind.OPERATOR_STATE;
                owner = words[1];
                parallelism = (int) parse(manifestFile, i, words[2]);
                instance = 0;
            } else if (words.length == 3 && "file".equals(words[0]) && owner != null) {
                files.add(new CheckpointFile(kind, owner, instance++, parallelism, words[1], parse(manifestFile, i, words[2])));
            } else {
                throw bad(manifestFile, i, "unexpected '" + lines.get(i) + "'");
            }
        }
        return new Manifest(id, time, keyGroups, files);
    }

    private static long number(final Path file, final List<String> lines, final int index, final String name) {
        final String[] words = lines.get(index).split(" ");
        if (words.length != 2 || !name.equals(words[0])) {
            throw bad(file, index, "expected '" + name + " <number>', found '" + lines.get(index) + "'");
        }
        return parse(file, index, words[1]);
    }

    private static long parse(final Path file, final int index, final String number) {
        try {
            return Long.parseLong(number);
        } catch (NumberFormatException e) {
            throw bad(file, index, "'" + number + "' is not a number");
        }
    }

    private static CheckpointException bad(final Path file, final int index, final String why) {
        return new CheckpointException("checkpoint manifest " + file + ":" + (index + 1) + ": " + why);
    }
}
