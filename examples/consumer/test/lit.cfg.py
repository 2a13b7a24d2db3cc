# lit configuration of the consumer's tests; run through torch-mlir's lit_test.
import lit.formats

config.name = "consumer"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.environment["PATH"] = os.environ["PATH"]
