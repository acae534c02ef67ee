package dev.weir.tools;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code weir} command line in a child JVM: this JVM's java, class path and JVM flags
 * (Chronicle's among them), stdout and stderr in files. For tests that kill a run for real.
 */
final class ChildWeir {
    private final Process process;
    private final Path stderr;

    private ChildWeir(final Process process, final Path stderr) {
        this.process = process;
        this.stderr = stderr;
    }

    /**
     * @param dir where the child's stdout and stderr files go
     * @param name names those files
     * @param args the command line after {@code weir}
     * @return the started child
     * @throws IOException if it cannot start
     */
    static ChildWeir start(final Path dir, final String name, final String... args) throws IOException {
        final List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (final String flag : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (flag.startsWith("--add-") || flag.startsWith("-D") || flag.startsWith("--enable-native-access")
                    || flag.startsWith("--sun-misc")) {
                command.add(flag);
            }
        }
        command.add("-Xmx512m");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(WeirCommand.class.getName());
        command.addAll(List.of(args));
        final Path stderr = dir.resolve(name + ".err");
        final Process process = new ProcessBuilder(command)
                .redirectOutput(dir.resolve(name + ".out").toFile())
                .redirectError(stderr.toFile())
                .start();
        return new ChildWeir(process, stderr);
    }

    /** @return the child process */
    Process process() {
        return process;
    }

    /** @return the file the child's stderr goes to */
    Path stderr() {
        return stderr;
    }
}
