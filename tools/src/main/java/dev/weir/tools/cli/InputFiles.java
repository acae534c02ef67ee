package dev.weir.tools.cli;

import dev.weir.codec.input.BadInputException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/**
 * The files a command reads or keeps (a job file, record files, captures, checkpoint directories), and the two
 * checks every command makes of them before it opens anything. An output that is one of them would destroy it
 * before it is read ({@link #refuseAsOutput}); a file given twice would be read twice, every result counted double
 * ({@link #refuseRepeated}). Paths are compared after resolving relative parts, {@code .}, {@code ..} and symbolic
 * links, and by file identity where both exist (a hard link is the same file); an output that does not exist yet
 * can be no input. Not thread-safe: a command fills it, then checks.
 */
public final class InputFiles {
    private final List<Path> files = new ArrayList<>();
    private final List<String> roles = new ArrayList<>();
    private final List<Path> directories = new ArrayList<>();
    private final List<String> directoryRoles = new ArrayList<>();

    /**
     * @param file an input file, or null for none
     * @param role what it is, for messages, e.g. {@code the job file}
     * @return this
     */
    public InputFiles file(final Path file, final String role) {
        if (file != null) {
            files.add(file);
            roles.add(role);
        }
        return this;
    }

    /**
     * @param inputs input files of one kind
     * @param kind what each is, followed by its name in messages, e.g. {@code the capture}
     * @return this
     */
    public InputFiles files(final List<Path> inputs, final String kind) {
        for (final Path input : inputs) {
            file(input, kind + " " + input);
        }
        return this;
    }

    /**
     * @param directory a directory whose files the command keeps, or null for none
     * @param role what it is, for messages, e.g. {@code --checkpoint-dir ckpt}
     * @return this
     */
    public InputFiles directory(final Path directory, final String role) {
        if (directory != null) {
            directories.add(directory);
            directoryRoles.add(role);
        }
        return this;
    }

    /**
     * @param option the output's option, e.g. {@code --output}
     * @param output the path it names, or null for standard output
     * @throws OutputFileException if it is an input, lies in a kept directory, or is a directory
     */
    public void refuseAsOutput(final String option, final Path output) {
        if (output == null) {
            return;
        }
        final Path resolved = resolved(output);
        for (int i = 0; i < files.size(); i++) {
            if (resolved.equals(resolved(files.get(i))) || sameExistingFile(output, files.get(i))) {
                throw new OutputFileException(output.toString(), option + " names " + roles.get(i)
                        + "; writing there would destroy it (choose another output file)");
            }
        }
        for (int i = 0; i < directories.size(); i++) {
            if (resolved.startsWith(resolved(directories.get(i)))) {
                throw new OutputFileException(output.toString(), option + " lies in " + directoryRoles.get(i)
                        + "; writing there would damage the checkpoints (choose another output file)");
            }
        }
        if (Files.isDirectory(output)) {
            throw new OutputFileException(output.toString(), option + " names a directory, not a file");
        }
    }

    /**
     * Refuses one file named twice, by any path or link.
     *
     * @param inputs the files, in the order given
     * @param kind what each is, e.g. {@code record file}
     * @param twice what reading it twice would do, e.g. {@code read twice}
     * @param refusal makes the exception from the second mention and the message
     * @throws BadInputException naming the second mention and the first:
     *     {@code ./a: is the KIND a again; each file may be given once (it would be TWICE)}
     */
    public static void refuseRepeated(final List<Path> inputs, final String kind, final String twice,
            final BiFunction<String, String, ? extends BadInputException> refusal) {
        for (int i = 1; i < inputs.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (sameExistingFile(inputs.get(i), inputs.get(j))) {
                    throw refusal.apply(inputs.get(i).toString(), "is the " + kind + " " + inputs.get(j)
                            + " again; each file may be given once (it would be " + twice + ")");
                }
            }
        }
    }

    private static boolean sameExistingFile(final Path a, final Path b) {
        try {
            return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
        } catch (IOException unreadable) {
            return false; // the file checks that follow name what cannot be read
        }
    }

    /**
     * The real path of the longest existing prefix (symbolic links resolved), with the rest
     * appended and normalised, so a file that does not exist yet compares right too.
     */
    private static Path resolved(final Path path) {
        final Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return absolute;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(absolute)).normalize();
        } catch (IOException unreadable) {
            return absolute;
        }
    }
}
