"""torch-mlir-import-onnx: an ONNX model into the Torch dialect, as MLIR text.

    torch-mlir-import-onnx model.onnx -o model.mlir
    python -m torch_mlir.tools.import_onnx model.onnx -o model.mlir
    torch-mlir-import-onnx model.onnx -o model.mlir --externalize-weights
        (the weights go to model.safetensors; torch_mlir.weights.load_module
        reads the pair back)

Flags upstream torch-mlir's importer has behave as their names say:
--opset-version (= --opset), --data-prop/--no-data-prop, --clear-domain,
--no-verify, --disable-function-expansion-allowlist, and --keep-temps with
--temp-dir, which here keep the model as prepared for import (upstream keeps
its shape-inference files; this importer infers in memory and writes none).

Exit 0 on success, 1 when the model cannot be imported (the message names
what and where), 2 on bad arguments.
"""

import argparse
import sys
import tempfile
from pathlib import Path


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="torch-mlir-import-onnx",
        description="Imports an ONNX model into torch-mlir's Torch dialect: one func.func "
                    "of torch.operator \"onnx.*\" ops, printed as MLIR text.")
    parser.add_argument("model", type=Path, help="the .onnx file")
    parser.add_argument("-o", "--output", type=Path,
                        help="where to write the MLIR (default: standard output)")
    parser.add_argument("--opset", "--opset-version", type=int, dest="opset",
                        help="upgrade the default domain to this opset first "
                             "(onnx.version_converter); default: keep the model's")
    parser.add_argument("--data-prop", action=argparse.BooleanOptionalAction, default=True,
                        help="let shape inference propagate values, as a Shape feeding "
                             "a Reshape (default: on)")
    parser.add_argument("--clear-domain", action="store_true",
                        help="take every node as one of ONNX's default domain (for "
                             "models naming default ops under a domain of their own)")
    parser.add_argument("--disable-function-expansion-allowlist", action="store_true",
                        help="expand every op ONNX defines by a function body, not only "
                             "those the conversion does not handle natively")
    parser.add_argument("--keep-temps", action="store_true",
                        help="keep the model as prepared for import (checked, shapes "
                             "inferred, functions expanded, constants folded) in "
                             "--temp-dir as <model>.prepared.onnx")
    parser.add_argument("--temp-dir", type=Path,
                        help="where --keep-temps writes (default: a new directory, "
                             "named on standard error)")
    parser.add_argument("--no-verify", action="store_true",
                        help="print the module without verifying it first")
    parser.add_argument("--data-dir", type=Path,
                        help="where the model's external data files are (default: the "
                             "model's directory)")
    parser.add_argument("--externalize-weights", nargs="?", const=True, metavar="FILE",
                        help="write the weights to a safetensors file instead of into the "
                             "MLIR, which then names them without their bytes (default "
                             "FILE: the output's name with .safetensors; needs -o then)")
    parser.add_argument("--func-name", default="main", help="the function's name (main)")
    parser.add_argument("--no-check", action="store_true",
                        help="skip ONNX's checker and shape inference (values then need "
                             "types in the model itself)")
    args = parser.parse_args(argv)
    if args.temp_dir is not None and not args.keep_temps:
        parser.error("--temp-dir is where --keep-temps writes: give both")
    if args.externalize_weights is True:
        if args.output is None:
            parser.error("--externalize-weights without a FILE needs -o (the weights go "
                         "beside the output)")
        args.externalize_weights = args.output.with_suffix(".safetensors")
    if args.externalize_weights is not None and args.output is not None:
        if Path(args.externalize_weights).resolve() == args.output.resolve():
            parser.error("--externalize-weights: the weights file cannot be the output")
        if Path(args.externalize_weights).resolve().parent != args.output.resolve().parent:
            parser.error("--externalize-weights: the weights file must be beside the output "
                         f"(in {args.output.resolve().parent})")
    return args


def main(argv=None):
    args = parse_args(argv)
    try:
        from torch_mlir.onnx import OnnxImportError, import_model
    except ImportError as e:
        print(f"torch-mlir-import-onnx: {e}", file=sys.stderr)
        return 1
    prepared = None
    if args.keep_temps:
        directory = args.temp_dir or Path(tempfile.mkdtemp(prefix="torch-mlir-import-onnx-"))
        try:
            directory.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            print(f"torch-mlir-import-onnx: error: --temp-dir: {e}", file=sys.stderr)
            return 1
        prepared = directory / (args.model.stem + ".prepared.onnx")
        print(f"torch-mlir-import-onnx: keeping the prepared model at {prepared}",
              file=sys.stderr)
    try:
        module = import_model(args.model, func_name=args.func_name, opset=args.opset,
                              check=not args.no_check, base_dir=args.data_dir,
                              weights_file=args.externalize_weights,
                              data_prop=args.data_prop, clear_domain=args.clear_domain,
                              expand_all_functions=args.disable_function_expansion_allowlist,
                              prepared_file=prepared)
    except OnnxImportError as e:
        print(f"torch-mlir-import-onnx: error: {e}", file=sys.stderr)
        return 1
    if not args.no_verify:
        from torch_mlir import ir
        try:
            module.operation.verify()
        except ir.MLIRError as e:
            print(f"torch-mlir-import-onnx: error: the imported module does not verify "
                  f"(--no-verify prints it anyway): {e}", file=sys.stderr)
            return 1
    text = str(module)
    if args.output:
        args.output.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


def _cli_main():
    """Upstream's name for the command's entry point: main(), then exit with
    its status."""
    sys.exit(main())


if __name__ == "__main__":
    _cli_main()
