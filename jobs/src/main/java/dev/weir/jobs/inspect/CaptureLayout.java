package dev.weir.jobs.inspect;

import dev.weir.codec.capture.CaptureFile;
import dev.weir.codec.capture.CaptureFormat;
import dev.weir.codec.capture.CaptureWindow;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.agrona.DirectBuffer;

/**
 * How a capture file is laid out: its container format, whether it is gzip-compressed and, per section, the byte order, version and interfaces
 * (link type, snapshot length, timestamp resolution, name). A pcap file is one section with one interface; a pcapng
 * file has as many sections and interfaces as its section header and interface description blocks; a file of ITCH
 * messages has none. Read from the block headers only, through the same windows as the packets, and leniently: the
 * walk stops quietly at a block it cannot follow, since reading the packets
 * ({@link dev.weir.codec.capture.CaptureFile}) reports what is wrong there. Immutable.
 */
public final class CaptureLayout {
    private static final int PCAPNG_SECTION = 0x0A0D0D0A;
    private static final int PCAPNG_BYTE_ORDER = 0x1A2B3C4D;
    private static final int PCAPNG_INTERFACE = 1;
    private static final int OPTION_NAME = 2;
    private static final int OPTION_RESOLUTION = 9;
    private static final int PCAP_HEADER = 24;

    private final CaptureFormat format;
    private final boolean compressed;
    private final List<CaptureSection> sections;

    private CaptureLayout(final CaptureFormat format, final boolean compressed, final List<CaptureSection> sections) {
        this.format = format;
        this.compressed = compressed;
        this.sections = List.copyOf(sections);
    }

    /**
     * Reads the layout of a file {@link dev.weir.codec.capture.CaptureFile} has opened.
     *
     * @param path the capture
     * @param format the format the capture reader detected
     * @return its layout
     * @throws java.io.UncheckedIOException if the file cannot be read
     */
    static CaptureLayout read(final Path path, final CaptureFormat format) {
        try (CaptureWindow window = CaptureWindow.open(path)) {
            final List<CaptureSection> sections = switch (format) {
                case PCAPNG -> pcapngSections(window);
                case PCAP_MICROSECONDS, PCAP_NANOSECONDS -> List.of(pcapSection(window, format));
                case ITCH_MESSAGES -> List.of();
            };
            return new CaptureLayout(format, window.compressed(), sections);
        } catch (final IllegalStateException damaged) {
            // a damaged gzip stream: reading the packets reports it where it is
            return new CaptureLayout(format, true, List.of());
        }
    }

    private static CaptureSection pcapSection(final CaptureWindow window, final CaptureFormat format) {
        final DirectBuffer buffer = window.buffer();
        final int header = window.slide(0, PCAP_HEADER);
        if (buffer.capacity() - header < PCAP_HEADER) {
            return new CaptureSection("unknown", "unknown", List.of());
        }
        final int magic = buffer.getInt(0, ByteOrder.BIG_ENDIAN);
        final boolean bigEndian = magic == 0xa1b2c3d4 || magic == 0xa1b23c4d;
        final ByteOrder order = bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
        final String resolution = format == CaptureFormat.PCAP_NANOSECONDS ? "nanoseconds" : "microseconds";
        final CaptureInterface only = new CaptureInterface(buffer.getInt(20, order) & 0xFFFF,
                Integer.toUnsignedLong(buffer.getInt(16, order)), resolution, "");
        return new CaptureSection(orderName(order), version(buffer, 4, order), List.of(only));
    }

    private static List<CaptureSection> pcapngSections(final CaptureWindow window) {
        final DirectBuffer buffer = window.buffer();
        final List<CaptureSection> sections = new ArrayList<>();
        List<CaptureInterface> interfaces = null;
        ByteOrder order = ByteOrder.BIG_ENDIAN;
        String version = "";
        int position = 0;
        while (true) {
            position = window.slide(position, 16);
            if (buffer.capacity() - position < 16) {
                break;
            }
            if (buffer.getInt(position, ByteOrder.BIG_ENDIAN) == PCAPNG_SECTION) {
                final int magic = buffer.getInt(position + 8, ByteOrder.BIG_ENDIAN);
                if (magic != PCAPNG_BYTE_ORDER && magic != Integer.reverseBytes(PCAPNG_BYTE_ORDER)) {
                    break;
                }
                if (interfaces != null) {
                    sections.add(new CaptureSection(orderName(order), version, interfaces));
                }
                order = magic == PCAPNG_BYTE_ORDER ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
                version = version(buffer, position + 12, order);
                interfaces = new ArrayList<>();
            }
            final long length = Integer.toUnsignedLong(buffer.getInt(position + 4, order));
            if (interfaces == null || length < 12 || length % 4 != 0 || length > CaptureFile.MAX_PCAPNG_BLOCK_LENGTH) {
                break;
            }
            position = window.slide(position, (int) length);
            if (length > buffer.capacity() - position) {
                break;
            }
            if (buffer.getInt(position, order) == PCAPNG_INTERFACE && length >= 20) {
                interfaces.add(pcapngInterface(buffer, position, (int) length, order));
            }
            position += (int) length;
        }
        if (interfaces != null) {
            sections.add(new CaptureSection(orderName(order), version, interfaces));
        }
        return sections;
    }

    private static CaptureInterface pcapngInterface(final DirectBuffer buffer, final int block, final int length, final ByteOrder order) {
        int resolution = 6;
        String name = "";
        final int end = block + length - 4;
        int option = block + 16;
        while (option + 4 <= end) {
            final int code = buffer.getShort(option, order) & 0xFFFF;
            final int size = buffer.getShort(option + 2, order) & 0xFFFF;
            if (code == 0 || option + 4 + size > end) {
                break;
            }
            if (code == OPTION_RESOLUTION && size >= 1) {
                resolution = buffer.getByte(option + 4) & 0xFF;
            } else if (code == OPTION_NAME) {
                name = buffer.getStringWithoutLengthAscii(option + 4, size).replace("\0", "");
            }
            option += 4 + ((size + 3) & ~3);
        }
        return new CaptureInterface(buffer.getShort(block + 8, order) & 0xFFFF,
                Integer.toUnsignedLong(buffer.getInt(block + 12, order)), resolutionName(resolution), name);
    }

    private static String resolutionName(final int tsresol) {
        final int exponent = tsresol & 0x7F;
        if ((tsresol & 0x80) != 0) {
            return "2^-" + exponent + " s";
        }
        return switch (exponent) {
            case 0 -> "seconds";
            case 3 -> "milliseconds";
            case 6 -> "microseconds";
            case 9 -> "nanoseconds";
            default -> "10^-" + exponent + " s";
        };
    }

    private static String version(final DirectBuffer buffer, final int at, final ByteOrder order) {
        return (buffer.getShort(at, order) & 0xFFFF) + "." + (buffer.getShort(at + 2, order) & 0xFFFF);
    }

    private static String orderName(final ByteOrder order) {
        return order == ByteOrder.BIG_ENDIAN ? "big-endian" : "little-endian";
    }

    /** @return the container format */
    public CaptureFormat format() {
        return format;
    }

    /** @return true if the file is gzip-compressed */
    public boolean compressed() {
        return compressed;
    }

    /** @return a pcap file's one section, or a pcapng file's sections in file order */
    public List<CaptureSection> sections() {
        return sections;
    }
}
