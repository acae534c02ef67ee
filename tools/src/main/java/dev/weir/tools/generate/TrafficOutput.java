package dev.weir.tools.generate;

import dev.weir.clock.SystemNanoClock;
import dev.weir.files.FileReplacement;
import dev.weir.files.UnwritableFileException;
import dev.weir.pipelines.generate.CaptureEncoding;
import dev.weir.pipelines.generate.CaptureWriter;
import dev.weir.pipelines.generate.DatagramSink;
import dev.weir.pipelines.generate.GeneratedFile;
import dev.weir.pipelines.generate.ItchMessageFileWriter;
import dev.weir.tools.cli.OutputFileException;
import java.io.BufferedOutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Where {@code weir generate} puts its datagrams, shared by its commands: a capture file ({@code --out},
 * {@code --format}, {@code --nanos}) or UDP in real time ({@code --send}, {@code --speed}); and the destination the
 * traffic is addressed to ({@code --dst}, {@code --port}, or the address of {@code --send}).
 */
public final class TrafficOutput {
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");
    private static final Pattern HOST_PORT = Pattern.compile("(.*):(\\d{1,5})");
    /** The capture goes to its file through a buffer of this many bytes, so a file of any size takes bounded memory. */
    private static final int BUFFER_BYTES = 1 << 16;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--out", paramLabel = "FILE", description = "Write the capture to FILE (a regular file, created or replaced once the capture is complete).")
    private Path out;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "pcap (default), pcapng, or for itch nasdaq-binary: length-prefixed messages as NASDAQ's sample files"
                    + " (gzip-compressed when FILE ends in .gz).")
    private String format;

    @Option(names = "--nanos", description = "Nanosecond timestamps (default: microseconds).")
    private boolean nanos;

    @Option(names = "--send", paramLabel = "HOST:PORT",
            description = "Instead of a file, send the datagrams to HOST:PORT (an IPv4 address or localhost) on UDP, in real time.")
    private String send;

    @Option(names = "--speed", paramLabel = "N", description = "With --send: send N times faster than real time (default 1).")
    private Double speed;

    @Option(names = "--dst", paramLabel = "ADDRESS", description = "The IPv4 destination address of the datagrams.")
    private String destination;

    @Option(names = "--port", paramLabel = "PORT", description = "The UDP destination port of the datagrams.")
    private Integer port;

    @Option(names = "--debug", description = "Print stack traces of failures.")
    private boolean debug;

    private CommandLine.ParameterException usage(final String message) {
        return new CommandLine.ParameterException(spec.commandLine(), message);
    }

    /**
     * Checks the options against each other.
     *
     * @throws CommandLine.ParameterException if they do not go together
     */
    void check() {
        if ((out == null) == (send == null)) {
            throw usage(out == null ? "--out FILE or --send HOST:PORT is required" : "--out and --send exclude each other");
        }
        if (out != null) {
            if (out.toString().isEmpty()) {
                throw usage("--out needs a file name, got an empty one");
            }
            try {
                FileReplacement.requireReplaceable(out);
            } catch (final UnwritableFileException e) {
                throw usage("--out " + out + " " + e.reason());
            }
            if (speed != null) {
                throw usage("--speed needs --send");
            }
            encoding();
        } else {
            if (format != null || nanos) {
                throw usage("--send sends datagrams, not a file: leave out " + (format != null ? "--format" : "--nanos"));
            }
            if (destination != null || port != null) {
                throw usage("--send " + send + " sets the destination: leave out " + (destination != null ? "--dst" : "--port"));
            }
            if (speed != null && !(speed > 0 && speed <= 1e6)) {
                throw usage("--speed must be within (0, 1000000], got " + speed);
            }
            target();
        }
        if (destination != null) {
            ipv4("--dst", destination);
        }
        if (port != null && (port < 0 || port > 65_535)) {
            throw usage("--port must be within 0..65535, got " + port);
        }
    }

    private CaptureEncoding encoding() {
        if (itchMessages()) {
            if (nanos) {
                throw usage("--format nasdaq-binary: ITCH messages carry their own nanosecond timestamps, leave out --nanos");
            }
            return null;
        }
        final String name = format == null ? "pcap" : format;
        if (!name.equals("pcap") && !name.equals("pcapng")) {
            throw usage("--format must be pcap, pcapng or nasdaq-binary, got '" + format + "'");
        }
        return CaptureEncoding.of(name.equals("pcapng"), nanos);
    }

    /** @return true if {@code --format nasdaq-binary} asks for a file of length-prefixed ITCH messages, not a capture */
    boolean itchMessages() {
        return "nasdaq-binary".equals(format);
    }

    /**
     * @param reason why the traffic cannot be written as ITCH messages
     * @throws CommandLine.ParameterException if {@code --format nasdaq-binary} was asked for
     */
    void refuseItchMessages(final String reason) {
        if (itchMessages()) {
            throw usage("--format nasdaq-binary: " + reason);
        }
    }

    private int[] target() {
        final Matcher matcher = HOST_PORT.matcher(send);
        if (!matcher.matches()) {
            throw usage("--send needs HOST:PORT, e.g. 127.0.0.1:26400, got '" + send + "'");
        }
        final String host = matcher.group(1).equals("localhost") ? "127.0.0.1" : matcher.group(1);
        final int targetPort = Integer.parseInt(matcher.group(2));
        if (targetPort < 1 || targetPort > 65_535) {
            throw usage("--send " + send + ": the port must be within 1..65535");
        }
        return new int[] {ipv4("--send", host), targetPort};
    }

    private int ipv4(final String option, final String text) {
        final Matcher matcher = IPV4.matcher(text);
        int address = 0;
        if (matcher.matches()) {
            for (int i = 1; i <= 4; i++) {
                final int part = Integer.parseInt(matcher.group(i));
                if (part > 255) {
                    throw usage(option + " " + text + ": " + part + " is not within 0..255");
                }
                address = address << 8 | part;
            }
            return address;
        }
        throw usage(option + " needs an IPv4 address such as 127.0.0.1, got '" + text + "'");
    }

    /**
     * @param defaultAddress the traffic's usual destination
     * @return the destination address: that of {@code --send}, {@code --dst} or the default
     */
    int destination(final int defaultAddress) {
        if (send != null) {
            return target()[0];
        }
        return destination != null ? ipv4("--dst", destination) : defaultAddress;
    }

    /**
     * @param defaultPort the traffic's usual port
     * @return the destination port: that of {@code --send}, {@code --port} or the default
     */
    int port(final int defaultPort) {
        if (send != null) {
            return target()[1];
        }
        return port != null ? port : defaultPort;
    }

    /**
     * @param make makes generator options, or a generator's summary
     * @param <T> what it makes
     * @return what it made
     * @throws CommandLine.ParameterException if a generator refuses an option ({@code name: what is wrong}), naming it
     *     as {@code --name}
     */
    <T> T option(final Supplier<T> make) {
        try {
            return make.get();
        } catch (final IllegalArgumentException e) {
            throw usage("--" + e.getMessage());
        }
    }

    /**
     * Opens the output, hands it to {@code generate}, closes it and prints the summary line on stderr. A capture
     * file is written beside {@code --out} and renamed onto it once complete: a capture that could not be made leaves
     * {@code --out} as it was, and nothing else behind.
     *
     * @param kind {@code itch} or {@code statsd}, for the summary line
     * @param generate writes the traffic into the sink and returns its summary
     * @throws OutputFileException if the file cannot be created
     */
    void generate(final String kind, final Function<DatagramSink, String> generate) {
        System.err.println("weir: generate: " + kind + ": " + output(sink -> option(() -> generate.apply(sink))));
    }

    /** @return the summary and where the traffic went, e.g. {@code ...; 12345 bytes in out.pcap} */
    private String output(final Function<DatagramSink, String> generate) {
        if (send != null) {
            try (RealTimeSender sender = new RealTimeSender(SystemNanoClock.INSTANCE, speed == null ? 1 : speed)) {
                final String summary = generate.apply(sender);
                return String.format(Locale.ROOT, "%s; sent to %s in %.1f s", summary, send, sender.elapsedNanos() / 1e9);
            }
        }
        final FileReplacement file;
        try {
            file = FileReplacement.begin(out);
        } catch (final UnwritableFileException e) {
            throw new OutputFileException(out.toString(), "cannot create the capture: " + e.reason());
        }
        try (file) {
            final CaptureEncoding encoding = encoding();
            final BufferedOutputStream stream = new BufferedOutputStream(file.stream(), BUFFER_BYTES);
            final GeneratedFile writer = itchMessages()
                    ? ItchMessageFileWriter.over(out.toString(), stream, out.getFileName().toString().endsWith(".gz"))
                    : CaptureWriter.over(out.toString(), stream, encoding);
            final String summary = generate.apply(writer);
            writer.close();
            file.commit();
            return summary + "; " + writer.bytes() + " bytes in " + out;
        } catch (final UnwritableFileException e) {
            throw new UncheckedIOException(out + ": cannot write the capture: " + e.reason(), e);
        }
    }
}
