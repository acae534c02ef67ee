package dev.weir.source;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The CRC-32C of a file's first bytes, kept up to date as the position it covers moves forward:
 * each call reads only the bytes since the last one, so over a whole run every byte is read
 * once more at most, at checkpoints (never per record). Not thread-safe: the source task's thread.
 */
final class FilePrefixChecksum {
    private final CRC32C crc = new CRC32C();
    private ByteBuffer buffer;
    private long covered;

    /**
     * @param file the file
     * @param position where the prefix ends, at least the position of the last call
     * @return the CRC-32C of the bytes {@code [0, position)}
     * @throws IOException if the file cannot be read or is shorter than {@code position}
     */
    int upTo(final Path file, final long position) throws IOException {
        if (position < covered) {
            throw new IllegalArgumentException("a file prefix checksum only moves forward: " + position + " < " + covered);
        }
        if (position > covered) {
            if (buffer == null) {
                buffer = ByteBuffer.allocate(1 << 16);
            }
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
                while (covered < position) {
                    buffer.clear().limit((int) Math.min(buffer.capacity(), position - covered));
                    final int read = channel.read(buffer, covered);
                    if (read < 0) {
                        throw new IOException(file + " ends at byte " + covered + ", before " + position);
                    }
                    crc.update(buffer.array(), 0, read);
                    covered += read;
                }
            }
        }
        return (int) crc.getValue();
    }
}
