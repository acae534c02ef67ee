package dev.weir.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A {@link FileReplacement} changes its target only by the rename of a complete file: before the commit, after a
 * failed write and after a close without commit the target holds what it held, and the only file it ever deletes is
 * its own temporary one. Targets that are not regular files are refused before anything is created; links are
 * followed and stay.
 */
class FileReplacementTest {
    private static final String OLD = "bytes of an earlier run\n";

    @TempDir
    Path dir;

    private Path target;

    @BeforeEach
    void earlierFile() throws IOException {
        target = Files.writeString(dir.resolve("out.bin"), OLD);
        Files.createDirectories(dir.resolve("sub"));
    }

    private List<String> names() throws IOException {
        return names(dir);
    }

    private static List<String> names(final Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(file -> file.getFileName().toString()).filter(name -> !name.equals("sub")).sorted().toList();
        }
    }

    private static void write(final Path file, final String text) throws UnwritableFileException {
        FileReplacement.write(file, out -> out.write(text.getBytes(StandardCharsets.UTF_8)));
    }

    private Path fifo(final String name) throws Exception {
        final Path fifo = dir.resolve(name);
        final Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertTrue(mkfifo.waitFor(30, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo " + fifo);
        return fifo;
    }

    @Test
    void theTargetChangesOnlyWhenTheCompleteFileIsCommitted() throws IOException {
        try (FileReplacement replacement = FileReplacement.begin(target)) {
            replacement.stream().write("new bytes\n".getBytes(StandardCharsets.UTF_8));
            replacement.stream().close();
            assertEquals(OLD, Files.readString(target));
            final List<String> during = names();
            assertEquals(2, during.size(), during::toString);
            assertTrue(during.get(0).matches("\\.out\\.bin\\.[0-9a-f]+\\.part"), during::toString);
            replacement.commit();
        }
        assertEquals("new bytes\n", Files.readString(target));
        assertEquals(List.of("out.bin"), names());
    }

    @Test
    void aNewFileIsCreatedOnCommit() throws IOException {
        final Path fresh = dir.resolve("fresh.bin");
        write(fresh, "first\n");
        assertEquals("first\n", Files.readString(fresh));
        assertEquals(List.of("fresh.bin", "out.bin"), names());
    }

    @Test
    void aReplacementClosedWithoutCommitLeavesTheTargetAndNothingElse() throws IOException {
        try (FileReplacement replacement = FileReplacement.begin(target)) {
            replacement.stream().write("half of it".getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(OLD, Files.readString(target));
        assertEquals(List.of("out.bin"), names());

        final Path fresh = dir.resolve("fresh.bin");
        try (FileReplacement replacement = FileReplacement.begin(fresh)) {
            replacement.stream().write("half of it".getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(List.of("out.bin"), names());
    }

    @Test
    void aWriteThatFailsLeavesTheTargetAsItWasAndSaysWhy() throws IOException {
        final UnwritableFileException failure = assertThrows(UnwritableFileException.class, () -> FileReplacement.write(target, out -> {
            out.write(new byte[100_000]);
            throw new IOException("No space left on device");
        }));
        assertEquals("cannot write " + target + ": No space left on device", failure.getMessage());
        assertEquals("No space left on device", failure.reason());
        assertEquals(OLD, Files.readString(target));
        assertEquals(List.of("out.bin"), names());
    }

    @Test
    void anExistingFileKeepsItsPermissions() throws IOException {
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r-----"));
        write(target, "new\n");
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
        assertEquals("new\n", Files.readString(target));
    }

    static Stream<Arguments> spellings() {
        return Stream.of(
                Arguments.of("absolute", "out.bin"),
                Arguments.of("through ..", "sub/../out.bin"),
                Arguments.of("with .", "./sub/./.././out.bin"),
                Arguments.of("a symbolic link", "link.bin"),
                Arguments.of("a link to a link", "link-2.bin"),
                Arguments.of("a relative link in another directory", "sub/up.bin"),
                Arguments.of("through a linked directory", "dirlink/out.bin"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("spellings")
    void everySpellingReplacesTheFileItNamesAndLinksStay(final String description, final String spelling) throws IOException {
        final Path link = Files.createSymbolicLink(dir.resolve("link.bin"), target);
        final Path link2 = Files.createSymbolicLink(dir.resolve("link-2.bin"), link.getFileName());
        final Path up = Files.createSymbolicLink(dir.resolve("sub/up.bin"), Path.of("../out.bin"));
        final Path dirlink = Files.createSymbolicLink(dir.resolve("dirlink"), dir);
        write(dir.resolve(spelling), "new\n");
        assertEquals("new\n", Files.readString(target));
        assertTrue(Files.isRegularFile(target, LinkOption.NOFOLLOW_LINKS));
        for (final Path stays : List.of(link, link2, up, dirlink)) {
            assertTrue(Files.isSymbolicLink(stays), stays::toString);
        }
        assertEquals(List.of("dirlink", "link-2.bin", "link.bin", "out.bin"), names());
        assertEquals(List.of("up.bin"), names(dir.resolve("sub")));
    }

    @Test
    void aPathRelativeToTheWorkingDirectoryReplacesTheSameFile() throws IOException {
        final Path relative = Path.of("").toAbsolutePath().relativize(target);
        write(relative, "new\n");
        assertEquals("new\n", Files.readString(target));
        assertEquals(List.of("out.bin"), names());
    }

    @Test
    void aLinkToNothingCreatesTheFileItNames() throws IOException {
        final Path link = Files.createSymbolicLink(dir.resolve("link.bin"), Path.of("named.bin"));
        write(link, "new\n");
        assertTrue(Files.isSymbolicLink(link));
        assertEquals("new\n", Files.readString(dir.resolve("named.bin")));
    }

    @Test
    void targetsThatAreNotRegularFilesAreRefusedAndLeftAlone() throws Exception {
        final Path fifo = fifo("pipe");
        final Path toFifo = Files.createSymbolicLink(dir.resolve("to-pipe"), fifo);
        final Path directory = dir.resolve("sub");
        assertEquals("cannot write " + fifo + ": is a named pipe (FIFO), not a regular file",
                assertThrows(UnwritableFileException.class, () -> write(fifo, "x")).getMessage());
        assertEquals("is a named pipe (FIFO), not a regular file",
                assertThrows(UnwritableFileException.class, () -> FileReplacement.begin(toFifo)).reason());
        assertEquals("is a directory, not a file",
                assertThrows(UnwritableFileException.class, () -> FileReplacement.requireReplaceable(directory)).reason());
        assertEquals("is a directory, not a file", assertThrows(UnwritableFileException.class, () -> write(dir, "x")).reason());
        final Path device = Path.of("/dev/null");
        assertEquals("is a character device, not a regular file",
                assertThrows(UnwritableFileException.class, () -> FileReplacement.requireReplaceable(device)).reason());
        assertTrue(Files.exists(fifo) && !Files.isRegularFile(fifo) && !Files.isDirectory(fifo), "the named pipe is still one");
        assertTrue(Files.isSymbolicLink(toFifo));
        assertEquals(List.of("out.bin", "pipe", "to-pipe"), names());
    }

    @Test
    void aLoopOfLinksIsRefused() throws IOException {
        final Path a = dir.resolve("a");
        Files.createSymbolicLink(a, Path.of("b"));
        Files.createSymbolicLink(dir.resolve("b"), Path.of("a"));
        assertEquals("too many levels of symbolic links", assertThrows(UnwritableFileException.class, () -> write(a, "x")).reason());
        assertTrue(Files.isSymbolicLink(a) && Files.isSymbolicLink(dir.resolve("b")));
    }

    @Test
    void aMissingDirectoryOrAFileInTheWayIsNamed() {
        final Path missing = dir.resolve("missing").resolve("out.bin");
        assertEquals("cannot write " + missing + ": directory " + dir.resolve("missing") + " does not exist",
                assertThrows(UnwritableFileException.class, () -> write(missing, "x")).getMessage());
        final Path underFile = target.resolve("out.bin");
        assertEquals(target + " is not a directory", assertThrows(UnwritableFileException.class, () -> write(underFile, "x")).reason());
    }
}
