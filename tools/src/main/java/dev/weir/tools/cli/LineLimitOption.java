package dev.weir.tools.cli;

import dev.weir.source.LineReader;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code --max-line-bytes}: the longest line an input file may have, shared by the commands
 * that read element or record files. A longer line is an error at that line instead of a
 * buffer that grows until the heap runs out.
 */
public final class LineLimitOption {
    /** The largest limit the option takes: 1 GiB, well below the largest Java array. */
    public static final int MAX = 1 << 30;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    private CommandLine.Model.CommandSpec spec;

    @Option(names = "--max-line-bytes", paramLabel = "BYTES", defaultValue = "" + LineReader.DEFAULT_MAX_LINE_BYTES,
            description = "The longest line an input file may have, in bytes (default 1048576 = 1 MiB, at most " + MAX + ").")
    private long maxLineBytes;

    /**
     * @return the limit in bytes
     * @throws CommandLine.ParameterException if the value is outside 1..{@link #MAX}
     */
    public int maxLineBytes() {
        if (maxLineBytes < 1 || maxLineBytes > MAX) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--max-line-bytes must be in 1.." + MAX + ", got " + maxLineBytes);
        }
        return (int) maxLineBytes;
    }
}
