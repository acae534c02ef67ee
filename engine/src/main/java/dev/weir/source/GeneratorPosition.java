package dev.weir.source;

/**
 * Sequence numbers a {@link GeneratorSource} reader emitted before a checkpoint: every
 * {@code n < below} with {@code n % modulus == residue} (the share of instance {@code residue}
 * of {@code modulus}).
 *
 * @param modulus the reader's parallelism
 * @param residue its instance index
 * @param below its next sequence number
 */
record GeneratorPosition(int modulus, int residue, long below) {
    boolean covers(final long sequence) {
        return sequence < below && sequence % modulus == residue;
    }
}
