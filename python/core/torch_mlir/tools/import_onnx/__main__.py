"""torch-mlir-import-onnx: an ONNX model into the Torch dialect, as MLIR text.

    torch-mlir-import-onnx model.onnx -o model.mlir
    python -m torch_mlir.tools.import_onnx model.onnx -o model.mlir
    torch-mlir-import-onnx model.onnx -o model.mlir --externalize-weights
        (the weights go to model.safetensors; torch_mlir.weights.load_module
        reads the pair back)

Exit 0 on success, 1 when the model cannot be imported (the message names
what and where), 2 on bad arguments.
"""

import argparse
import sys
from pathlib import Path


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="torch-mlir-import-onnx",
        description="Imports an ONNX model into torch-mlir's Torch dialect: one func.func "
                    "of torch.operator \"onnx.*\" ops, printed as MLIR text.")
    parser.add_argument("model", type=Path, help="the .onnx file")
    parser.add_argument("-o", "--output", type=Path,
                        help="where to write the MLIR (default: standard output)")
    parser.add_argument("--opset", type=int,
                        help="upgrade the default domain to this opset first "
                             "(onnx.version_converter); default: keep the model's")
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
    try:
        module = import_model(args.model, func_name=args.func_name, opset=args.opset,
                              check=not args.no_check, base_dir=args.data_dir,
                              weights_file=args.externalize_weights)
    except OnnxImportError as e:
        print(f"torch-mlir-import-onnx: error: {e}", file=sys.stderr)
        return 1
    text = str(module)
    if args.output:
        args.output.write_text(text)
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
