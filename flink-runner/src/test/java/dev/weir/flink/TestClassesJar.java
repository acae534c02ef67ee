package dev.weir.flink;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * This module's test classes as a jar, shipped with a job next to {@code weir-flink-job.jar} when
 * the job holds functions written in the tests.
 */
final class TestClassesJar {
    private TestClassesJar() {
    }

    /**
     * @param jar where to write the jar
     * @return the jar
     */
    static Path write(final Path jar) throws IOException {
        final Path classes = Path.of(TestClassesJar.class.getProtectionDomain().getCodeSource().getLocation().getPath());
        final List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(file -> file.toString().endsWith(".class")).sorted().toList();
        }
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream entries = new JarOutputStream(out)) {
            for (final Path file : files) {
                entries.putNextEntry(new JarEntry(classes.relativize(file).toString().replace('\\', '/')));
                Files.copy(file, entries);
                entries.closeEntry();
            }
        }
        return jar;
    }
}
