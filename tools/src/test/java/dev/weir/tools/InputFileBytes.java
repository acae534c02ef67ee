package dev.weir.tools;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** Input files written byte by byte for the tests of bad bytes, byte order marks and long lines. */
final class InputFileBytes {
    /** The UTF-8 byte order mark. */
    static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private InputFileBytes() {
    }

    /** @return the byte sequences that are not UTF-8, one per class: name, bytes */
    static Stream<Arguments> notUtf8() {
        return Stream.of(
                Arguments.of("Latin-1 e-acute", bytes(0xE9)),
                Arguments.of("lone continuation byte", bytes(0x80)),
                Arguments.of("truncated 3-byte sequence", bytes(0xE2, 0x82)),
                Arguments.of("overlong encoding", bytes(0xC0, 0xAF)));
    }

    static byte[] bytes(final int... values) {
        final byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    /**
     * @param file where to write
     * @param parts strings (written as UTF-8) and byte arrays, in order
     * @return the file
     */
    static Path write(final Path file, final Object... parts) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (final Object part : parts) {
            out.writeBytes(part instanceof String ? ((String) part).getBytes(StandardCharsets.UTF_8) : (byte[]) part);
        }
        try {
            return Files.write(file, out.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
