package dev.weir.tools.inspect;

import dev.weir.codec.capture.CaptureFileException;
import dev.weir.jobs.inspect.CaptureInspector;
import dev.weir.jobs.inspect.FileInspection;
import dev.weir.jobs.inspect.InspectOptions;
import dev.weir.jobs.inspect.InspectionReport;
import dev.weir.jobs.inspect.ReportJson;
import dev.weir.jobs.inspect.ReportText;
import dev.weir.pipelines.replay.CaptureProtocols;
import dev.weir.tools.cli.InputFiles;
import dev.weir.tools.cli.ResultWriter;
import dev.weir.tools.cli.WeirVersion;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/**
 * {@code weir inspect [--port N] [--decoder auto|itch|statsd] [--format text|json] CAPTURE...}: prints what capture
 * files hold (docs/inspect.md). In text each file's block is printed as soon as the file is read, so a corrupt later
 * file loses nothing printed before it; a file cut short gets a warning on stderr. JSON is one object, printed at
 * the end.
 */
@Command(
        name = "inspect",
        mixinStandardHelpOptions = true,
        versionProvider = WeirVersion.class,
        abbreviateSynopsis = true,
        description = {
            "Shows what pcap or pcapng captures hold, before they are replayed.",
            "It reads them plain or gzipped, and NASDAQ's files of length-prefixed ITCH messages too."
                    + " Per file and in total: format and link types, packets, UDP datagrams and what was skipped, the biggest flows,"
                    + " the capture time range and rate; the payload format guessed (MoldUDP64/ITCH 5.0 or StatsD) and why,"
                    + " messages by type, MoldUDP64 sequence gaps and duplicates, and how out of order the events are, with"
                    + " a suggested --out-of-orderness (see docs/inspect.md)."
        })
public final class InspectCommand implements Callable<Integer> {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "CAPTURE", description = "pcap or pcapng files, plain or gzipped, or files of length-prefixed ITCH messages,"
            + " in replay order.")
    private List<Path> captures;

    @Option(names = "--port", paramLabel = "N", description = "Decode only the payloads of datagrams to this destination port.")
    private Integer port;

    @Option(names = "--decoder", paramLabel = "auto|itch|statsd", defaultValue = "auto",
            description = "The payload format: guessed from the payloads (auto, the default), itch (MoldUDP64/ITCH 5.0) or statsd.")
    private String decoder;

    @Option(names = "--format", paramLabel = "text|json", defaultValue = "text",
            description = "Print the report as text (the default) or as one JSON object.")
    private String format;

    @Option(names = "--debug", description = "Print stack traces of failures.")
    private boolean debug;

    @Override
    public Integer call() throws IOException {
        final InspectOptions options = options();
        final boolean json = json();
        InputFiles.refuseRepeated(captures, "capture", "counted twice", CaptureFileException::new);
        final PrintWriter err = spec.commandLine().getErr();
        try (ResultWriter out = ResultWriter.open(null)) {
            final InspectionReport report = new CaptureInspector(options).inspect(captures, file -> {
                if (file.truncatedAt() >= 0) {
                    err.println("weir: warning: " + ReportText.truncation(file));
                    err.flush();
                }
                if (!json) {
                    print(out, ReportText.file(file));
                }
            });
            print(out, json ? ReportJson.of(report) + "\n" : ReportText.summary(report));
            out.checkWritten();
        }
        return 0;
    }

    private static void print(final ResultWriter out, final String text) {
        out.text(text);
        out.flush();
    }

    private InspectOptions options() {
        InspectOptions options = InspectOptions.defaults();
        if (port != null) {
            if (port < 0 || port > 65_535) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--port must be within 0..65535, got " + port);
            }
            options = options.withPort(port);
        }
        if (decoder.equals("auto")) {
            return options;
        }
        try {
            return options.withDecoder(CaptureProtocols.named(decoder));
        } catch (final IllegalArgumentException unknown) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--decoder must be auto, " + CaptureProtocols.names("or") + ", got '" + decoder + "'");
        }
    }

    private boolean json() {
        return switch (format) {
            case "text" -> false;
            case "json" -> true;
            default -> throw new CommandLine.ParameterException(spec.commandLine(), "--format must be text or json, got '" + format + "'");
        };
    }
}
