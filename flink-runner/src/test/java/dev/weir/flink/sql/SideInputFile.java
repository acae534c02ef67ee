package dev.weir.flink.sql;

import dev.weir.pipelines.nexmark.SideInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The file q13.sql's side table reads ({@code ${SIDE_INPUT}}): the side input Weir's q13 joins by default
 * ({@link SideInput#standard()}), copied once from the class path into a temporary file, deleted when the JVM exits.
 */
final class SideInputFile {
    private static Path standard;

    private SideInputFile() {
    }

    /** @return the file holding the standard side input */
    static synchronized Path standard() {
        if (standard == null) {
            try (InputStream in = SideInput.class.getResourceAsStream(SideInput.STANDARD_RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("no resource " + SideInput.STANDARD_RESOURCE + " on the class path");
                }
                final Path file = Files.createTempFile("nexmark-side-input", ".txt");
                file.toFile().deleteOnExit();
                Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
                standard = file;
            } catch (final IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return standard;
    }
}
