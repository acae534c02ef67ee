package dev.weir.tools.run;

import dev.weir.pipelines.run.RecordFileException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The files a run reads or keeps: the job file, the record files and the checkpoint
 * directories. Opening the output truncates it, so an output that is one of them would destroy
 * it before the first line is read; {@link #refuseAsOutput} stops that. Paths are compared after
 * resolving relative parts, {@code ..} and symbolic links, and by file identity where both
 * exist (a hard link is the same file); {@link #refuseRepeatedRecordFiles} stops one record file
 * being read twice. Immutable.
 */
final class InputFiles {
    private final List<Path> recordFiles;
    private final List<Path> files = new ArrayList<>();
    private final List<String> roles = new ArrayList<>();
    private final List<Path> directories = new ArrayList<>();
    private final List<String> directoryRoles = new ArrayList<>();

    InputFiles(final Path jobFile, final List<Path> recordFiles, final Path checkpointDir, final Path restoreDir) {
        this.recordFiles = List.copyOf(recordFiles);
        files.add(jobFile);
        roles.add("the job file");
        for (final Path recordFile : recordFiles) {
            files.add(recordFile);
            roles.add("the record file " + recordFile);
        }
        if (checkpointDir != null) {
            directories.add(checkpointDir);
            directoryRoles.add("--checkpoint-dir " + checkpointDir);
        }
        if (restoreDir != null) {
            directories.add(restoreDir);
            directoryRoles.add("--restore " + restoreDir);
        }
    }

    /**
     * @param output the {@code --output} path
     * @throws OutputFileException if it is an input, lies in a checkpoint directory, or is a directory
     */
    void refuseAsOutput(final Path output) {
        final Path resolved = resolved(output);
        for (int i = 0; i < files.size(); i++) {
            if (resolved.equals(resolved(files.get(i))) || sameExistingFile(output, files.get(i))) {
                throw new OutputFileException(output.toString(), "--output names " + roles.get(i)
                        + "; writing there would destroy it (choose another output file)");
            }
        }
        for (int i = 0; i < directories.size(); i++) {
            if (resolved.startsWith(resolved(directories.get(i)))) {
                throw new OutputFileException(output.toString(), "--output lies in " + directoryRoles.get(i)
                        + "; writing there would damage the checkpoints (choose another output file)");
            }
        }
        if (Files.isDirectory(output)) {
            throw new OutputFileException(output.toString(), "--output names a directory, not a file");
        }
    }

    /**
     * One file named twice (by any path or link) would be read twice: every result counted double.
     *
     * @throws RecordFileException naming the second mention and the first
     */
    void refuseRepeatedRecordFiles() {
        for (int i = 1; i < recordFiles.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (sameExistingFile(recordFiles.get(i), recordFiles.get(j))) {
                    throw new RecordFileException(recordFiles.get(i).toString(), 0, null, "is the record file "
                            + recordFiles.get(j) + " again; each file may be given once (it would be read twice)");
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
