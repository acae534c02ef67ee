package dev.weir.source;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * LineReader: strict decoding names the bad byte's offset and line after every earlier line
 * was handed out; a UTF-8 byte order mark is skipped with offsets kept right; a line over the
 * limit is an error at that line.
 */
class LineReaderTest {
    private static final byte[] BOM = {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF};

    private static byte[] bytes(final Object... parts) {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (final Object part : parts) {
            if (part instanceof String) {
                out.writeBytes(((String) part).getBytes(StandardCharsets.UTF_8));
            } else {
                out.writeBytes((byte[]) part);
            }
        }
        return out.toByteArray();
    }

    private static byte[] raw(final int... values) {
        final byte[] bytes = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            bytes[i] = (byte) values[i];
        }
        return bytes;
    }

    /** Hands out one byte per read, as a slow pipe may. */
    private static InputStream trickle(final byte[] bytes) {
        return new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(final byte[] into, final int offset, final int length) {
                return super.read(into, offset, Math.min(1, length));
            }
        };
    }

    private static List<String> readUntilFailure(final LineReader reader, final List<Long> offsets) {
        final List<String> lines = new ArrayList<>();
        final StringBuilder line = new StringBuilder();
        try {
            while (reader.next(line)) {
                lines.add(line.toString());
                offsets.add(reader.offset());
            }
        } catch (IOException e) {
            lines.add("! line " + ((BadLineException) e).line() + ": " + e.getMessage());
        }
        return lines;
    }

    static Stream<Arguments> malformedBytes() {
        // the bad sequence starts at byte 10: "a,1\nb,2\nc," is 10 bytes
        return Stream.of(
                Arguments.of("Latin-1 e-acute", raw(0xE9), "x"),
                Arguments.of("lone continuation byte", raw(0x80), "x"),
                Arguments.of("truncated 3-byte sequence", raw(0xE2, 0x82), ",1"),
                Arguments.of("overlong encoding of '/'", raw(0xC0, 0xAF), ""),
                Arguments.of("truncated sequence at the end of the line", raw(0xE2, 0x82), ""),
                Arguments.of("surrogate encoded in UTF-8", raw(0xED, 0xA0, 0x80), "z"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedBytes")
    void aMalformedSequenceNamesItsLineAndByteOffsetAfterTheEarlierLines(final String name, final byte[] bad, final String after) {
        final LineReader reader = LineReader.utf8(new ByteArrayInputStream(bytes("a,1\nb,2\nc,", bad, after, "\nd,4\n")), 100);
        assertEquals(List.of("a,1", "b,2", "! line 3: byte offset 10: not UTF-8"), readUntilFailure(reader, new ArrayList<>()));
    }

    @Test
    void aMalformedSequenceAtTheEndOfAFileWithoutTerminatorIsNamed() {
        final LineReader reader = LineReader.utf8(new ByteArrayInputStream(bytes("ok\n", "é=", raw(0xC3))), 100);
        assertEquals(List.of("ok", "! line 2: byte offset 6: not UTF-8"), readUntilFailure(reader, new ArrayList<>()));
    }

    @Test
    void validMultiByteCharactersDecode() {
        final LineReader reader = LineReader.utf8(new ByteArrayInputStream(bytes("€,é\r\n日本\r😀\n")), 100);
        final List<Long> offsets = new ArrayList<>();
        assertEquals(List.of("€,é", "日本", "😀"), readUntilFailure(reader, offsets));
        assertEquals(List.of(8L, 15L, 20L), offsets);
    }

    @Test
    void aByteOrderMarkAtTheStartIsSkippedAndCountedInOffsets() {
        final LineReader reader = LineReader.utf8(new ByteArrayInputStream(bytes(BOM, "a,1\nb,2\n")), 100);
        final List<Long> offsets = new ArrayList<>();
        assertEquals(List.of("a,1", "b,2"), readUntilFailure(reader, offsets));
        assertEquals(List.of(7L, 11L), offsets);
    }

    @Test
    void aByteOrderMarkArrivingOneByteAtATimeIsSkipped() {
        final List<Long> offsets = new ArrayList<>();
        assertEquals(List.of("k", "m"), readUntilFailure(LineReader.utf8(trickle(bytes(BOM, "k\nm")), 100), offsets));
        assertEquals(List.of(5L, 6L), offsets);
    }

    @Test
    void aFileOfOnlyAByteOrderMarkHasNoLinesAndShortFilesStayIntact() throws IOException {
        assertFalse(LineReader.utf8(new ByteArrayInputStream(BOM), 100).next(new StringBuilder()));
        assertEquals(List.of("a"), readUntilFailure(LineReader.utf8(new ByteArrayInputStream(bytes("a")), 100), new ArrayList<>()));
        assertEquals(List.of("ab"), readUntilFailure(LineReader.utf8(new ByteArrayInputStream(bytes("ab")), 100), new ArrayList<>()));
    }

    @Test
    void aByteOrderMarkIsDataWhenNotAtTheFileStartOrNotUtf8() {
        final LineReader resumed = new LineReader(new ByteArrayInputStream(bytes(BOM, "x\n")), StandardCharsets.UTF_8, 4, 1, 100);
        final List<String> lines = readUntilFailure(resumed, new ArrayList<>());
        assertEquals(List.of("\ufeffx"), lines);
        assertEquals(2, resumed.lineNumber());
        final LineReader latin1 = new LineReader(new ByteArrayInputStream(bytes(BOM, "x\n")), StandardCharsets.ISO_8859_1, 0, 0, 100);
        assertEquals(List.of("\u00ef\u00bb\u00bfx"), readUntilFailure(latin1, new ArrayList<>()));
    }

    @Test
    void aResumedReaderNumbersLinesAfterThoseBefore() {
        final LineReader reader = new LineReader(new ByteArrayInputStream(bytes("c\n", raw(0xFF), "\n")), StandardCharsets.UTF_8, 40, 7,
                100);
        assertEquals(List.of("c", "! line 9: byte offset 42: not UTF-8"), readUntilFailure(reader, new ArrayList<>()));
    }

    @Test
    void aLineOfExactlyTheLimitIsReadAndALongerOneIsAnErrorAtItsLine() {
        final String limit = "x".repeat(300);
        final LineReader reader = LineReader.utf8(new ByteArrayInputStream(bytes(limit, "\r\n", limit, "y\nafter\n")), 300);
        assertEquals(List.of(limit, "! line 2: longer than the limit of 300 bytes"), readUntilFailure(reader, new ArrayList<>()));
    }

    @Test
    void theLimitCountsBytesNotCharacters() {
        final LineReader reader = LineReader.utf8(new ByteArrayInputStream(bytes("ab\n", "€€\n")), 5);
        assertEquals(List.of("ab", "! line 2: longer than the limit of 5 bytes"), readUntilFailure(reader, new ArrayList<>()));
    }

    @Test
    void aLongLineWithoutTerminatorIsRejectedBeforeTheWholeInputIsBuffered() {
        final int limit = 1 << 16;
        final InputStream endless = new InputStream() {
            private long served;

            @Override
            public int read() {
                served++;
                if (served > 4L * limit) {
                    throw new AssertionError("read far past the limit");
                }
                return 'z';
            }
        };
        assertEquals(List.of("! line 1: longer than the limit of 65536 bytes"), readUntilFailure(LineReader.utf8(endless, limit),
                new ArrayList<>()));
    }

    @Test
    void theLimitMustBePositive() {
        assertThrows(IllegalArgumentException.class, () -> LineReader.utf8(new ByteArrayInputStream(new byte[0]), 0));
    }
}
