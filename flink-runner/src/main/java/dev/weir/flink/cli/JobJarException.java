package dev.weir.flink.cli;

import dev.weir.codec.input.BadInputException;

/** The job jar that {@code weir run --engine flink --flink-address} ships to a cluster is missing. */
public final class JobJarException extends BadInputException {
    private static final long serialVersionUID = 1L;

    /** @param jar the jar named by the system property {@value FlinkEngine#JOB_JAR} */
    public JobJarException(final String jar) {
        super(jar, 0, null, "no such job jar (system property " + FlinkEngine.JOB_JAR + "); build it with"
                + " 'mvn -B -q -DskipTests package -pl flink-runner -am', which the ./weir launcher runs with --engine flink");
    }
}
