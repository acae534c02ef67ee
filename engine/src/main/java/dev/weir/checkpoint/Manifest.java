package dev.weir.checkpoint;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32C;

/**
 * The last file of a complete checkpoint, {@code chk-<id>/MANIFEST}: the checkpoint id and time,
 * the number of key groups, the job's fingerprint (what each checkpointed operator is: window
 * assigner, trigger, state...; {@code job} lines), and every source and operator with its
 * parallelism and files, each with its length and CRC-32C. A checkpoint directory without one is
 * incomplete and ignored. A UTF-8 text file, one item a line, the last one the CRC-32C of every
 * byte before it:
 * <pre>
 * weir-checkpoint-manifest 2
 * checkpoint 7
 * time 1712345678901
 * maxParallelism 128
 * job keyed-1.window window assigner: TumblingEventTimeWindows(1000, 0)
 * source trades-0 2
 * file trades-0-0.pos 118 9f3a0c41
 * file trades-0-1.pos 118 0b7d2e90
 * operator keyed-1.window 2
 * file keyed-1.window-0.state 5012 77e1a3c2
 * file keyed-1.window-1.state 4873 c0ffee01
 * end
 * crc32c 5e2b9d17
 * </pre>
 * Reading verifies the checksum, that every owner lists as many files as its parallelism, and
 * that every operator the job lines describe lists its files.
 * Immutable.
 */
public final class Manifest {
    /** The manifest's file name inside a checkpoint directory. */
    public static final String FILE_NAME = "MANIFEST";
    private static final String FORMAT = "weir-checkpoint-manifest 2";
    private static final String FORMAT_PREFIX = "weir-checkpoint-manifest ";
    private static final String CHECKSUM = "crc32c ";
    private static final String JOB = "job ";
    /** The most bytes a manifest may have: far beyond any real one, so a wrong file is never read whole. */
    private static final long MAX_BYTES = 64L << 20;
    /** The most characters of a manifest's line a message quotes. */
    private static final int QUOTED_CHARS = 200;

    private final long checkpointId;
    private final long timeMillis;
    private final int maxParallelism;
    private final Map<String, Map<String, String>> fingerprint;
    private final List<CheckpointFile> files;

    /**
     * @param checkpointId the checkpoint
     * @param timeMillis when it completed, processing time
     * @param maxParallelism the job's number of key groups
     * @param files every file, grouped by owner, each owner's in instance order
     */
    public Manifest(final long checkpointId, final long timeMillis, final int maxParallelism, final List<CheckpointFile> files) {
        this(checkpointId, timeMillis, maxParallelism, Map.of(), files);
    }

    /**
     * @param checkpointId the checkpoint
     * @param timeMillis when it completed, processing time
     * @param maxParallelism the job's number of key groups
     * @param fingerprint per checkpointed operator, in pipeline order: its aspects (no line
     *     breaks; names without ": ") and their descriptions, in a stable order
     * @param files every file, grouped by owner, each owner's in instance order
     */
    public Manifest(final long checkpointId, final long timeMillis, final int maxParallelism,
            final Map<String, Map<String, String>> fingerprint, final List<CheckpointFile> files) {
        this.checkpointId = checkpointId;
        this.timeMillis = timeMillis;
        this.maxParallelism = maxParallelism;
        final Map<String, Map<String, String>> copy = new LinkedHashMap<>();
        fingerprint.forEach((operator, aspects) -> copy.put(operator, Collections.unmodifiableMap(new LinkedHashMap<>(aspects))));
        this.fingerprint = Collections.unmodifiableMap(copy);
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

    /**
     * @return per checkpointed operator of the job that wrote it, in pipeline order: each aspect
     *     (window assigner, trigger, state...) and its description
     */
    public Map<String, Map<String, String>> fingerprint() {
        return fingerprint;
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
        final StringBuilder body = new StringBuilder(256);
        body.append(FORMAT).append("\ncheckpoint ").append(checkpointId).append("\ntime ").append(timeMillis)
                .append("\nmaxParallelism ").append(maxParallelism).append('\n');
        fingerprint.forEach((operator, aspects) -> aspects.forEach((aspect, description) -> body.append(JOB)
                .append(requireName(operator)).append(' ').append(requireAspect(aspect)).append(": ").append(requireText(description)).append('\n')));
        CheckpointFile group = null;
        for (final CheckpointFile file : files) {
            if (group == null || group.kind() != file.kind() || !group.owner().equals(file.owner())) {
                group = file;
                body.append(file.kind() == CheckpointFile.Kind.SOURCE_POSITIONS ? "source " : "operator ").append(requireName(file.owner()))
                        .append(' ').append(file.parallelism()).append('\n');
            }
            body.append("file ").append(requireName(file.fileName())).append(' ').append(file.lengthBytes()).append(' ')
                    .append(hex(file.checksum())).append('\n');
        }
        body.append("end\n");
        final byte[] bytes = body.toString().getBytes(StandardCharsets.UTF_8);
        try (OutputStream out = Files.newOutputStream(temporary)) {
            out.write(bytes);
            out.write((CHECKSUM + hex(crc32c(bytes, bytes.length)) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        Files.move(temporary, checkpointDir.resolve(FILE_NAME), StandardCopyOption.ATOMIC_MOVE);
        CheckpointDirectory.forceDirectory(checkpointDir);
    }

    private static String requireText(final String text) {
        if (text.isEmpty() || text.indexOf('\n') >= 0 || text.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("a checkpoint's job description is one non-empty line: '" + text + "'");
        }
        return text;
    }

    private static String requireAspect(final String aspect) {
        if (aspect.contains(": ")) {
            throw new IllegalArgumentException("an aspect of a checkpoint's job description has no ': ': '" + aspect + "'");
        }
        return requireText(aspect);
    }

    private static String hex(final int checksum) {
        return String.format("%08x", checksum);
    }

    private static int crc32c(final byte[] bytes, final int length) {
        final CRC32C crc = new CRC32C();
        crc.update(bytes, 0, length);
        return (int) crc.getValue();
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
     * @throws CheckpointException if it is missing or unreadable, its checksum does not match its
     *     content, it is not a complete manifest of this format, its maxParallelism is out of range,
     *     an owner lists another number of files than its parallelism, or a described operator
     *     lists no files; the message names the file and what is wrong
     */
    public static Manifest read(final Path manifestFile) {
        final byte[] bytes;
        final long size = CheckpointDirectory.regularFileSize(manifestFile, "checkpoint manifest " + manifestFile);
        if (size > MAX_BYTES) {
            throw new CheckpointException("checkpoint manifest " + manifestFile + " has " + size + " bytes, more than a manifest"
                    + " can have (" + MAX_BYTES + ")");
        }
        try {
            bytes = Files.readAllBytes(manifestFile);
        } catch (NoSuchFileException missing) {
            throw new CheckpointException("checkpoint manifest " + manifestFile + " is missing", missing);
        } catch (IOException unreadable) {
            throw new CheckpointException("checkpoint manifest " + manifestFile + " cannot be read: " + unreadable, unreadable);
        }
        final List<String> lines = verifiedLines(manifestFile, bytes);
        final long id = number(manifestFile, lines, 1, "checkpoint");
        final long time = number(manifestFile, lines, 2, "time");
        final long keyGroupCount = number(manifestFile, lines, 3, "maxParallelism");
        if (keyGroupCount < 1 || keyGroupCount > Integer.MAX_VALUE) {
            throw bad(manifestFile, 3, "maxParallelism " + keyGroupCount + " is not a number of key groups (1 to " + Integer.MAX_VALUE + ")");
        }
        final int keyGroups = (int) keyGroupCount;
        final Map<String, Map<String, String>> fingerprint = new LinkedHashMap<>();
        final List<CheckpointFile> files = new ArrayList<>();
        final Set<String> owners = new LinkedHashSet<>();
        CheckpointFile.Kind kind = null;
        String owner = null;
        String label = null;
        int parallelism = 0;
        int instance = 0;
        int ownerLine = 0;
        for (int i = 4; i < lines.size() - 1; i++) {
            final String line = lines.get(i);
            final String[] words = line.split(" ");
            if (line.startsWith(JOB) && owner == null) {
                final int space = line.indexOf(' ', JOB.length());
                final int colon = line.indexOf(": ", space + 1);
                if (space < 0 || colon < 0) {
                    throw bad(manifestFile, i, "expected 'job <operator> <aspect>: <description>', found " + quoted(line));
                }
                fingerprint.computeIfAbsent(line.substring(JOB.length(), space), operator -> new LinkedHashMap<>())
                        .put(line.substring(space + 1, colon), line.substring(colon + 2));
            } else if (words.length == 3 && ("source".equals(words[0]) || "operator".equals(words[0]))) {
                requireFileCount(manifestFile, ownerLine, label, parallelism, instance);
                kind = "source".equals(words[0]) ? CheckpointFile.Kind.SOURCE_POSITIONS : CheckpointFile.Kind.OPERATOR_STATE;
                owner = words[1];
                label = words[0] + " " + owner;
                if (!owners.add(label)) {
                    throw bad(manifestFile, i, label + " is listed twice");
                }
                parallelism = (int) parse(manifestFile, i, words[2]);
                if (parallelism < 1 || parallelism > keyGroups) {
                    throw bad(manifestFile, i, words[0] + " " + owner + " has " + parallelism + " instances, expected 1 to maxParallelism "
                            + keyGroups);
                }
                instance = 0;
                ownerLine = i;
            } else if (words.length == 4 && "file".equals(words[0]) && owner != null) {
                if (instance == parallelism) {
                    throw bad(manifestFile, i, label + " has " + parallelism + " instances but lists more files");
                }
                files.add(new CheckpointFile(kind, owner, instance++, parallelism, words[1], parse(manifestFile, i, words[2]),
                        checksum(manifestFile, i, words[3])));
            } else {
                throw bad(manifestFile, i, "unexpected " + quoted(line));
            }
        }
        requireFileCount(manifestFile, ownerLine, label, parallelism, instance);
        for (final String described : fingerprint.keySet()) {
            // the writer lists the files of every operator it describes: without them the operator would restore empty
            if (!owners.contains("operator " + described)) {
                throw new CheckpointException("checkpoint manifest " + manifestFile + " describes operator " + described
                        + " but lists no state files of it");
            }
        }
        return new Manifest(id, time, keyGroups, fingerprint, files);
    }

    /** The lines of a manifest whose last line is the CRC-32C of the bytes before it, without that line. */
    private static List<String> verifiedLines(final Path manifestFile, final byte[] bytes) {
        final String text = new String(bytes, StandardCharsets.UTF_8);
        final List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        if (lines.isEmpty() || !lines.get(0).startsWith(FORMAT_PREFIX)) {
            throw new CheckpointException("checkpoint manifest " + manifestFile + " is not a Weir checkpoint manifest");
        }
        if (!FORMAT.equals(lines.get(0))) {
            throw new CheckpointException("checkpoint manifest " + manifestFile + " has format " + quoted(lines.get(0)) + ", this version reads '"
                    + FORMAT + "' only");
        }
        if (lines.size() < 3 || !lines.get(lines.size() - 1).isEmpty() || !lines.get(lines.size() - 2).startsWith(CHECKSUM)) {
            throw new CheckpointException("checkpoint manifest " + manifestFile + " is incomplete: its last line is not '" + CHECKSUM
                    + "<checksum>'");
        }
        final String checksumLine = lines.get(lines.size() - 2);
        final int bodyLength = text.lastIndexOf(checksumLine);
        final int recorded = checksum(manifestFile, lines.size() - 2, checksumLine.substring(CHECKSUM.length()));
        final byte[] body = text.substring(0, bodyLength).getBytes(StandardCharsets.UTF_8);
        final int actual = crc32c(body, body.length);
        if (recorded != actual) {
            throw new CheckpointException("checkpoint manifest " + manifestFile + " was changed or damaged: its checksum says " + hex(recorded)
                    + ", its content has " + hex(actual));
        }
        lines.subList(lines.size() - 2, lines.size()).clear();
        if (lines.size() < 5 || !"end".equals(lines.get(lines.size() - 1))) {
            throw new CheckpointException("checkpoint manifest " + manifestFile + " is not a complete Weir checkpoint manifest");
        }
        return lines;
    }

    private static void requireFileCount(final Path file, final int ownerLine, final String label, final int parallelism, final int files) {
        if (label != null && files != parallelism) {
            throw bad(file, ownerLine, label + " has " + parallelism + " instances but lists " + files + " files");
        }
    }

    private static int checksum(final Path file, final int index, final String hex) {
        try {
            if (hex.length() != 8) {
                throw new NumberFormatException(hex);
            }
            return Integer.parseUnsignedInt(hex, 16);
        } catch (NumberFormatException e) {
            throw bad(file, index, quoted(hex) + " is not a checksum (8 hex digits)");
        }
    }

    private static long number(final Path file, final List<String> lines, final int index, final String name) {
        final String[] words = lines.get(index).split(" ");
        if (words.length != 2 || !name.equals(words[0])) {
            throw bad(file, index, "expected '" + name + " <number>', found " + quoted(lines.get(index)));
        }
        return parse(file, index, words[1]);
    }

    private static long parse(final Path file, final int index, final String number) {
        try {
            return Long.parseLong(number);
        } catch (NumberFormatException e) {
            throw bad(file, index, quoted(number) + " is not a number");
        }
    }

    /** @return the text in single quotes, cut to its first {@value #QUOTED_CHARS} characters and an ellipsis if longer */
    private static String quoted(final String text) {
        return "'" + (text.length() > QUOTED_CHARS ? text.substring(0, QUOTED_CHARS) + "\u2026" : text) + "'";
    }

    private static CheckpointException bad(final Path file, final int index, final String why) {
        return new CheckpointException("checkpoint manifest " + file + ":" + (index + 1) + ": " + why);
    }
}
